// test/fixtures/linked-features: a feature imports another workspace package's feature contract
// by the package's name (linked into node_modules, as npm, yarn and pnpm link workspace
// packages) without declaring it. ESLint and `check` said nothing (h-app4 repro-8) while the
// runtime refuses such a feature; both now report the import, the same way.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import tsParser from "@typescript-eslint/parser";
import agentix from "../../eslint-plugin/index.js";
import { clearProjectCaches } from "../../eslint-plugin/logic/project-services.js";
import { run } from "../../analyzer/cli/main.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let root: string;
const api = () => path.join(root, "apps/api");
const link = () => path.join(root, "node_modules/@lf/billing");

beforeAll(() => {
  root = copyFixture("linked-features");
  mkdirSync(path.dirname(link()), { recursive: true });
  symlinkSync("../../packages/billing", link(), "dir");
});
afterAll(removeCopies);

const MESSAGE =
  'feature "checkout" uses the contract of feature "invoices" (../../packages/billing/src/features/invoices/contract.ts) without declaring it; add that contract to the dependencies of defineFeature in src/features/checkout/feature.ts';

/** What ESLint reports for `rule` in apps/api, as `file:line:column message`. */
async function lint(rule = "agentix/no-undeclared-dependencies", cwd = api()): Promise<string[]> {
  clearProjectCaches();
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        plugins: { agentix },
        rules: { [rule]: "error" },
      },
    ],
  });
  const results = await eslint.lintFiles(["src/**/*.ts"]);
  return results.flatMap((result) =>
    result.messages.map(
      (m) => `${path.relative(cwd, result.filePath)}:${m.line}:${m.column} ${m.message}`,
    ),
  );
}

/** What `agentix check --json` reports for `rule` in apps/api, in the same form. */
async function check(rule = "agentix/no-undeclared-dependencies", cwd = api()): Promise<string[]> {
  clearProjectCaches();
  const { io, stdout } = recordingIO(cwd);
  await run(["check", "--json"], io);
  const result = JSON.parse(stdout()) as {
    problems: { rule?: string; file: string; line: number; column: number; message: string }[];
  };
  return result.problems
    .filter((v) => v.rule === rule)
    .map((v) => `${v.file}:${v.line}:${v.column} ${v.message}`);
}

describe("a feature of another workspace package, imported by the package's name", () => {
  it("undeclared: ESLint and check report the import, alike", async () => {
    const expected = [`src/features/checkout/operations.ts:2:27 ${MESSAGE}`];
    expect(await lint()).toEqual(expected);
    expect(await check()).toEqual(expected);
  });

  it("declared: neither reports it", async () => {
    const feature = path.join(api(), "src/features/checkout/feature.ts");
    writeFileSync(
      feature,
      'import { defineFeature } from "agentix";\nimport { invoicesContract } from "@lf/billing/invoices";\nimport { checkoutContract } from "./contract.js";\nimport { receipt } from "./operations.js";\n\nexport const checkout = defineFeature({\n  id: "checkout",\n  contract: checkoutContract,\n  dependencies: [invoicesContract],\n  operations: [receipt],\n});\n',
    );
    try {
      expect(await lint()).toEqual([]);
      expect(await check()).toEqual([]);
    } finally {
      cpSync(
        path.join(
          __dirname,
          "../fixtures/linked-features/apps/api/src/features/checkout/feature.ts",
        ),
        feature,
      );
    }
  });

  // A private file by the package's name (its exports map has "./*") or by a paths alias into
  // the package's sources: ESLint and check said nothing, as module resolution calls both a
  // package (nobody's feature).
  const PRIVATE_FROM_FEATURE =
    '../../packages/billing/src/features/invoices/model.ts is private to feature "invoices"; feature "checkout" may import only its public entry ../../packages/billing/src/features/invoices/contract.ts, so import from there instead';
  const PRIVATE_FROM_OUTSIDE =
    '../../packages/billing/src/features/invoices/model.ts is private to feature "invoices"; code outside features may import only its public entry ../../packages/billing/src/features/invoices/contract.ts or its descriptor ../../packages/billing/src/features/invoices/feature.ts, so import from one of those instead';
  const BY_NAME_AND_ALIAS =
    'import { totalOf } from "@lf/billing/features/invoices/model.ts";\nimport { totalOf as viaAlias } from "@billing/features/invoices/model.ts";\nexport const totals = [totalOf, viaAlias];\n';

  it("a private file by the package's name or a paths alias: reported in a feature and outside, alike", async () => {
    const written = [
      path.join(api(), "src/features/checkout/totals.ts"),
      path.join(api(), "src/main.ts"),
    ];
    for (const file of written) writeFileSync(file, BY_NAME_AND_ALIAS);
    try {
      const expected = [
        `src/features/checkout/totals.ts:1:25 ${PRIVATE_FROM_FEATURE}`,
        `src/features/checkout/totals.ts:2:37 ${PRIVATE_FROM_FEATURE}`,
        `src/main.ts:1:25 ${PRIVATE_FROM_OUTSIDE}`,
        `src/main.ts:2:37 ${PRIVATE_FROM_OUTSIDE}`,
      ];
      expect(await lint("agentix/no-private-imports")).toEqual(expected);
      expect(await check("agentix/no-private-imports")).toEqual(expected);
    } finally {
      for (const file of written) rmSync(file);
    }
  });

  // A composition root without feature folders of its own: the rule's shortcut for such
  // projects (no bare specifier can lead into a feature) must not hold when a linked package
  // or an alias leads into another package's features.
  it("an app without feature folders of its own: the same reports", async () => {
    const shell = path.join(root, "apps/shell");
    mkdirSync(path.join(shell, "src"), { recursive: true });
    cpSync(path.join(api(), "tsconfig.json"), path.join(shell, "tsconfig.json"));
    writeFileSync(
      path.join(shell, "package.json"),
      '{ "name": "@lf/shell", "type": "module", "dependencies": { "@lf/billing": "*" } }\n',
    );
    writeFileSync(path.join(shell, "src/main.ts"), BY_NAME_AND_ALIAS);
    try {
      const expected = [
        `src/main.ts:1:25 ${PRIVATE_FROM_OUTSIDE}`,
        `src/main.ts:2:37 ${PRIVATE_FROM_OUTSIDE}`,
      ];
      expect(await lint("agentix/no-private-imports", shell)).toEqual(expected);
      expect(await check("agentix/no-private-imports", shell)).toEqual(expected);
      // At the workspace root too (helper-25 repro-1: the root's check skipped packages without
      // features and exited 0): a package that depends on one with features is checked.
      clearProjectCaches();
      const { io, stdout } = recordingIO(root);
      expect(await run(["check", "--json"], io)).toBe(1);
      const packages = (
        JSON.parse(stdout()) as {
          packages: {
            path: string;
            result: {
              problems: {
                rule?: string;
                file: string;
                line: number;
                column: number;
                message: string;
              }[];
            };
          }[];
        }
      ).packages;
      const shellProblems = packages
        .find((entry) => entry.path === "apps/shell")
        ?.result.problems.filter((problem) => problem.rule === "agentix/no-private-imports")
        .map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.message}`);
      expect(shellProblems).toEqual(expected);
    } finally {
      rmSync(shell, { recursive: true });
    }
  });

  // An installed library is nobody's feature, whatever its folders are called.
  it("installed as a copy, not linked from the workspace: a library, not a feature", async () => {
    rmSync(link());
    cpSync(path.join(root, "packages/billing"), link(), { recursive: true });
    const byName = path.join(api(), "src/features/checkout/totals.ts");
    writeFileSync(byName, BY_NAME_AND_ALIAS.split("\n")[0] + "\nexport { totalOf };\n");
    try {
      expect(await lint()).toEqual([]);
      expect(await check()).toEqual([]);
      expect(await lint("agentix/no-private-imports")).toEqual([]);
      expect(await check("agentix/no-private-imports")).toEqual([]);
    } finally {
      rmSync(byName);
      rmSync(link(), { recursive: true });
      symlinkSync("../../packages/billing", link(), "dir");
    }
  });

  // h-app4 repro-8(b): from apps/api, billing's folders were no feature folders at all.
  it("a relative path into its private file: no-private-imports in ESLint and check alike", async () => {
    const operations = path.join(api(), "src/features/checkout/operations.ts");
    const original = readFileSync(operations, "utf8");
    writeFileSync(
      operations,
      original.replace(
        'import { Receipt } from "./contract.js";',
        'import { Receipt } from "./contract.js";\nimport { totalOf } from "../../../../../packages/billing/src/features/invoices/model.js";\nvoid totalOf;',
      ),
    );
    try {
      const expected = [
        'src/features/checkout/operations.ts:4:25 ../../packages/billing/src/features/invoices/model.ts is private to feature "invoices"; feature "checkout" may import only its public entry ../../packages/billing/src/features/invoices/contract.ts, so import from there instead',
      ];
      expect(await lint("agentix/no-private-imports")).toEqual(expected);
      expect(await check("agentix/no-private-imports")).toEqual(expected);
    } finally {
      writeFileSync(operations, original);
    }
  });
});

// A package whose feature folders are named otherwise (`src/modules/*`): a relative path from
// outside features into one of its private files spells none of this project's segments
// ("features"), and the rule's lexical shortcut (Folder.mustName) took that for "no feature":
// ESLint and check said nothing. A specifier with more `..` than its folder is deep may leave
// the project, so it is judged in full, with or without feature folders of the importer's own.
describe("a package whose feature folders are named otherwise, by a relative path", () => {
  const ledger = () => path.join(root, "packages/ledger");
  beforeAll(() => {
    mkdirSync(path.join(ledger(), "src/modules/accounts"), { recursive: true });
    writeFileSync(
      path.join(ledger(), "package.json"),
      '{ "name": "@lf/ledger", "type": "module" }\n',
    );
    cpSync(path.join(root, "packages/billing/tsconfig.json"), path.join(ledger(), "tsconfig.json"));
    writeFileSync(
      path.join(ledger(), "agentix.config.json"),
      '{ "features": { "directories": ["src/modules/*"] } }\n',
    );
    writeFileSync(
      path.join(ledger(), "src/modules/accounts/contract.ts"),
      "export const open = 1;\n",
    );
    writeFileSync(
      path.join(ledger(), "src/modules/accounts/balance.ts"),
      "export const balance = 2;\n",
    );
  });

  const PRIVATE =
    '../../packages/ledger/src/modules/accounts/balance.ts is private to feature "accounts"; code outside features may import only its public entry ../../packages/ledger/src/modules/accounts/contract.ts, so import from there instead';
  // src/ is one folder below the app's root, src/deep/er three: no four `..` in a row there.
  const FILES: Record<string, string> = {
    "src/wire.ts":
      'import { balance } from "../../../packages/ledger/src/modules/accounts/balance.js";\nimport { open } from "../../../packages/ledger/src/modules/accounts/contract.js";\nexport const wired = [balance, open];\n',
    "src/deep/er/odd.ts":
      'import { balance } from "../../../x/../../../packages/ledger/src/modules/accounts/balance.js";\nexport const odd = balance;\n',
  };
  const expected = [`src/deep/er/odd.ts:1:25 ${PRIVATE}`, `src/wire.ts:1:25 ${PRIVATE}`];

  async function inApp(app: string): Promise<void> {
    const written = Object.entries(FILES).map(([file, text]) => {
      mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
      writeFileSync(path.join(app, file), text);
      return path.join(app, file);
    });
    try {
      expect((await lint("agentix/no-private-imports", app)).sort()).toEqual(expected);
      expect((await check("agentix/no-private-imports", app)).sort()).toEqual(expected);
    } finally {
      for (const file of written) rmSync(file);
    }
  }

  it("from an app with feature folders of its own: reported by ESLint and check alike", async () => {
    await inApp(api());
  });

  it("from an app without any (the rule's shortcut for such projects): the same", async () => {
    const bare = path.join(root, "apps/bare");
    mkdirSync(path.join(bare, "src"), { recursive: true });
    // No paths alias into billing either: nothing else leads into another package's features.
    writeFileSync(
      path.join(bare, "tsconfig.json"),
      '{ "compilerOptions": { "module": "NodeNext", "strict": true }, "include": ["src"] }\n',
    );
    writeFileSync(path.join(bare, "package.json"), '{ "name": "@lf/bare", "type": "module" }\n');
    await inApp(bare);
  });
});
