// The rule's shortcuts on real projects (files on disk, ESLint's Linter): each case fails when a
// shortcut answers differently from full module resolution.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { lintNoPrivateImports } from "../../test/support/lint-no-private-imports.js";
import { noPrivateImportsLogic } from "../logic/no-private-imports.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-private-imports-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let projects = 0;
/** A fresh project: package.json, a tsconfig with `paths`, and `files` (path -> text). */
function project(paths: Record<string, string[]>, files: Record<string, string> = {}): string {
  projects += 1;
  const root = path.join(base, `p${projects}`);
  write(root, "package.json", JSON.stringify({ type: "module" }));
  write(
    root,
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", paths } }),
  );
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root: string, file: string, text = "export const x = 1;\n"): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** ESLint's messages for `code` as the text of `file` in `root`: rule, line, column, message. */
const lint = lintNoPrivateImports;

describe("no-private-imports without feature folders", () => {
  it("sees the first feature folder created during the session (aliases resolve again)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Until then its files take the lean path (support/lean-plans.ts): no full input, no create.
    const fullInputs = vi.spyOn(noPrivateImportsLogic, "create");
    const root = project({ "@app/*": ["./src/features/*"] }, { "src/main.ts": "" });
    const code = `import { x } from "@app/orders/model";\n`;
    expect(lint(root, "src/main.ts", code)).toEqual([]);
    write(root, "src/features/orders/model.ts");
    write(root, "src/features/orders/contract.ts");
    // Within the disk round the folder's plan stands, as every answer kept from the disk does.
    expect(lint(root, "src/main.ts", code)).toEqual([]);
    expect(fullInputs).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(lint(root, "src/main.ts", code)).toEqual([
      {
        ruleId: "agentix/no-private-imports",
        line: 1,
        column: 19,
        message:
          'src/features/orders/model.ts is private to feature "orders"; code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead',
      },
    ]);
    expect(fullInputs).toHaveBeenCalledOnce();
  });

  it("still checks a relative import into a feature folder that does not exist yet", () => {
    const root = project({}, { "src/main.ts": "" });
    expect(lint(root, "src/main.ts", `import { x } from "./features/orders/model";\n`)).toEqual([
      {
        ruleId: "agentix/no-private-imports",
        line: 1,
        column: 19,
        message:
          'src/features/orders/model.ts is private to feature "orders", which has neither a public entry (src/features/orders/contract.ts does not exist) nor a descriptor (src/features/orders/feature.ts does not exist); code outside features may import only those, so add one and import from it',
      },
    ]);
  });

  it("still checks a module augmentation of a feature folder's file that does not exist yet", () => {
    const root = project({}, { "src/main.ts": "" });
    const code = `export {};\ndeclare module "./features/orders/model" {\n  interface X {\n    y: 1;\n  }\n}\n`;
    expect(lint(root, "src/main.ts", code)).toEqual([
      expect.objectContaining({ ruleId: "agentix/no-private-imports", line: 2, column: 16 }),
    ]);
  });

  it("still checks a module URL into a feature folder that does not exist yet", () => {
    const root = project({}, { "src/main.ts": "" });
    const code = `export const w = new URL("./features/orders/worker.ts", import.meta.url);\n`;
    expect(lint(root, "src/main.ts", code)).toEqual([
      expect.objectContaining({ ruleId: "agentix/no-private-imports", line: 1, column: 26 }),
    ]);
  });

  it("still checks an absolute import into a feature folder that does not exist yet", () => {
    const root = project({}, { "src/main.ts": "" });
    const target = path.join(root, "src/features/orders/model.ts");
    expect(lint(root, "src/main.ts", `import { x } from ${JSON.stringify(target)};\n`)).toEqual([
      expect.objectContaining({ ruleId: "agentix/no-private-imports", line: 1, column: 19 }),
    ]);
  });
});

// Another package whose feature folders are named otherwise (`src/modules/*`), reached by a
// relative path: it spells none of this project's segments ("features"), so a project without
// feature folders passed over it (its gate) and so did the lexical shortcut of a folder
// outside features (Folder.mustName). More `..` than the importer's folder is deep may leave the
// project: such a file is looked at, and such a specifier judged in full.
describe("no-private-imports into another package's features by a relative path", () => {
  const root = project({}, { "src/main.ts": "" });
  const ledger = `${root}-ledger`;
  write(ledger, "package.json", JSON.stringify({ name: "ledger", type: "module" }));
  write(
    ledger,
    "agentix.config.json",
    JSON.stringify({ features: { directories: ["src/modules/*"] } }),
  );
  write(ledger, "src/modules/accounts/contract.ts");
  write(ledger, "src/modules/accounts/balance.ts");
  const name = path.basename(ledger);
  const intoLedger = (column: number) => ({
    ruleId: "agentix/no-private-imports",
    line: 1,
    column,
    message: `../${name}/src/modules/accounts/balance.ts is private to feature "accounts"; code outside features may import only its public entry ../${name}/src/modules/accounts/contract.ts, so import from there instead`,
  });

  it.each([
    ["src/main.ts", `import { x } from "../../${name}/src/modules/accounts/balance";\n`, 19],
    // src/deep/er is three folders down: no four `..` in a row, one segment between them.
    [
      "src/deep/er/odd.ts",
      `import { x } from "../../../x/../../${name}/src/modules/accounts/balance";\n`,
      19,
    ],
    [
      "src/main.ts",
      `export const l = () => import("../../${name}/src/modules/accounts/balance");\n`,
      31,
    ],
    // A module URL, relative or absolute (a string that starts with "/" is looked at only so).
    [
      "src/main.ts",
      `export const w = new URL("../../${name}/src/modules/accounts/balance.ts", import.meta.url);\n`,
      26,
    ],
    [
      "src/main.ts",
      `export const w = new URL(${JSON.stringify(path.join(ledger, "src/modules/accounts/balance.ts"))}, import.meta.url);\n`,
      26,
    ],
    // And a glob (the first private file it matches is named: balance.ts before contract.ts).
    [
      "src/main.ts",
      `export const all = import.meta.glob("../../${name}/src/modules/accounts/*.ts");\n`,
      37,
    ],
  ])("%s: %s", (file, code, column) => {
    expect(lint(root, file, code)).toEqual([intoLedger(column)]);
  });

  it("passes over a file whose imports stay in the project, as before", () => {
    const fullInputs = vi.spyOn(noPrivateImportsLogic, "create");
    expect(lint(root, "src/deep/er/plain.ts", `import { x } from "../../main";\n`)).toEqual([]);
    expect(
      lint(
        root,
        "src/main.ts",
        `import { x } from "../../${name}/src/modules/accounts/contract";\n`,
      ),
    ).toEqual([]);
    // Only the second file (which leaves the project) took the full path.
    expect(fullInputs).toHaveBeenCalledOnce();
  });
});

describe("no-private-imports on aliases with one substitution (judged by its folder)", () => {
  const root = project(
    {
      "@app/*": ["./src/features/*"],
      "@lib/*": ["./src/lib/*"],
      "@both/*": ["./src/lib/*", "./src/features/*"],
      "self/*": ["./src/lib/*"],
    },
    {
      "src/features/orders/model.ts": "",
      "src/features/orders/contract.ts": "",
      "src/features/billing/main.ts": "",
      "src/lib/util.ts": "",
    },
  );
  // Self-name: after `self/*` finds nothing, TypeScript resolves the package's own exports.
  write(
    root,
    "package.json",
    JSON.stringify({ name: "self", type: "module", exports: { "./*": "./src/features/*.ts" } }),
  );
  const crossFeature = {
    ruleId: "agentix/no-private-imports",
    line: 1,
    column: 19,
    message:
      'src/features/orders/model.ts is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
  };
  const from = (specifier: string) =>
    lint(root, "src/features/billing/main.ts", `import { x } from "${specifier}";\n`);

  it.each([
    ["@app/orders/model", [crossFeature]],
    ["@lib/util", []],
    ["@app/billing/main", []],
    ["@app/orders/contract", []],
    // A fallback substitution reaches the feature although the first names src/lib.
    ["@both/orders/model", [crossFeature]],
    // So does the package's own name when its alias finds nothing.
    ["self/orders/model", [crossFeature]],
  ])("%s from feature billing", (specifier, expected) => {
    expect(from(specifier)).toEqual(expected);
  });
});

describe('no-private-imports on "./name" (an entry of the importer\'s folder)', () => {
  const root = project(
    {},
    { "src/features/orders/index.ts": "", "src/features/orders/contract.ts": "" },
  );
  it("still reports a feature folder imported from the folder that holds feature folders", () => {
    expect(lint(root, "src/features/index.ts", `import { x } from "./orders";\n`)).toEqual([
      {
        ruleId: "agentix/no-private-imports",
        line: 1,
        column: 19,
        message:
          'src/features/orders/index.ts is private to feature "orders"; code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead',
      },
    ]);
  });
});

describe("no-private-imports on a feature's folder that holds no index file", () => {
  const root = project(
    {},
    { "src/features/orders/contract.ts": "", "src/features/orders/model.ts": "" },
  );
  const folder = (importer: string, column: number) => ({
    ruleId: "agentix/no-private-imports",
    line: 1,
    column,
    message: `the folder src/features/orders (it holds no index file) is private to feature "orders"; ${importer} may import only its public entry src/features/orders/contract.ts, so import from there instead`,
  });

  it.each([
    ["src/features/billing/a.ts", `import { x } from "../orders";\n`, 'feature "billing"', 19],
    ["src/features/billing/a.ts", `import { x } from "../orders/";\n`, 'feature "billing"', 19],
    [
      "src/features/billing/a.ts",
      `export const m = import("../orders");\n`,
      'feature "billing"',
      25,
    ],
    ["src/main.ts", `import { x } from "./features/orders";\n`, "code outside features", 19],
  ])("%s: %s names the folder, not an index.ts that does not exist", (file, code, who, column) => {
    expect(lint(root, file, code)).toEqual([folder(who, column)]);
  });

  it("names an index file the specifier spells, as written", () => {
    expect(
      lint(root, "src/features/billing/a.ts", `import { x } from "../orders/index";\n`),
    ).toEqual([
      {
        ruleId: "agentix/no-private-imports",
        line: 1,
        column: 19,
        message:
          'src/features/orders/index.ts is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
      },
    ]);
  });
});

// A relative specifier written in a folder whose path holds no literal segment of the feature
// globs ("features" in the default) can name a feature folder only by spelling that segment:
// such imports are passed over by one substring test (LexicalReach.relativeReaches). Each case
// names a file in a feature folder that does not exist yet, which the rule reports.
describe("no-private-imports on relative imports that spell no feature segment", () => {
  /** The report for an import of `file` (in feature "orders") from outside features. */
  const intoMissing = (file: string, line = 1, column = 19) => ({
    ruleId: "agentix/no-private-imports",
    line,
    column,
    message: `${file}/model.ts is private to feature "orders", which has neither a public entry (${file}/contract.ts does not exist) nor a descriptor (${file}/feature.ts does not exist); code outside features may import only those, so add one and import from it`,
  });
  const root = project({}, { "src/a.ts": "" });

  it.each([
    ["src/app/deep/x.ts", "../../features/orders/model"],
    ["src/app/deep/x.ts", "./../../features/orders/model"],
    ["src/app/deep/x.ts", ".././../features/orders/model"],
    ["src/app/deep/x.ts", "../../../src/features/orders/model"],
    ["src/app/deep/x.ts", "../../features/../features/orders/model"],
    ["src/app/deep/x.ts", `../../../../${path.basename(root)}/src/features/orders/model`],
    ["index.ts", "./src/features/orders/model"],
    // The folder that holds feature folders spells the segment itself: judged in full.
    ["src/features/index.ts", "./orders/model"],
    ["src/features/index.ts", "../features/orders/model"],
  ])("%s importing %s is still reported", (file, specifier) => {
    expect(lint(root, file, `import { x } from "${specifier}";\n`)).toEqual([
      intoMissing("src/features/orders"),
    ]);
  });

  it.each([
    ["src/app/deep/x.ts", "../../lib/features-list"],
    ["src/app/deep/x.ts", "../../a"],
    ["src/app/deep/x.ts", ".."],
    // Compared as the globs compare, case included (so on a case-insensitive file system too).
    ["src/app/x.ts", "../Features/orders/model"],
  ])("%s importing %s is not reported", (file, specifier) => {
    expect(lint(root, file, `import { x } from "${specifier}";\n`)).toEqual([]);
  });

  it("takes the literal segment of each configured glob, wherever it stands", () => {
    const configured = project({}, { "packages/shop/src/a.ts": "" });
    write(
      configured,
      "agentix.config.json",
      JSON.stringify({ features: { directories: ["packages/*/modules/*", "src/*-feature"] } }),
    );
    const from = (file: string, specifier: string) =>
      lint(configured, file, `import { x } from "${specifier}";\n`);
    expect(from("packages/shop/src/a.ts", "../modules/orders/model")).toEqual([
      intoMissing("packages/shop/modules/orders"),
    ]);
    // "*-feature" is no literal segment: "src" is, and this folder's path holds it.
    expect(from("src/a.ts", "./orders-feature/model")).toEqual([
      {
        ...intoMissing("src/orders-feature"),
        message: expect.stringContaining('feature "orders-feature"'),
      },
    ]);
    expect(from("lib/a.ts", "../src/orders-feature/model")).toEqual([
      {
        ...intoMissing("src/orders-feature"),
        message: expect.stringContaining('feature "orders-feature"'),
      },
    ]);
  });

  it("judges every relative import in full when a glob has no literal segment", () => {
    const configured = project({}, { "lib/a.ts": "" });
    write(
      configured,
      "agentix.config.json",
      JSON.stringify({ features: { directories: ["*-feature"] } }),
    );
    expect(lint(configured, "lib/a.ts", `import { x } from "../orders-feature/model";\n`)).toEqual([
      expect.objectContaining({ ruleId: "agentix/no-private-imports", line: 1, column: 19 }),
    ]);
  });
});

// "../orders/" names the folder only: TypeScript resolves it to orders/index.ts, never to the
// src/features/orders.ts beside the folder. The shortcut took that file (a shared file, in no
// feature) and passed over the import that `check` reports.
describe("no-private-imports on a specifier that names a folder only", () => {
  const root = project(
    {},
    {
      "src/features/orders/index.ts": "export const x = 1;\n",
      "src/features/orders/contract.ts": "export const y = 1;\n",
      "src/features/orders.ts": "export const x = 1;\n",
      "src/features/billing/contract.ts": "export const z = 1;\n",
    },
  );
  const intoIndex = (column: number) => ({
    ruleId: "agentix/no-private-imports",
    line: 1,
    column,
    message:
      'src/features/orders/index.ts is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
  });

  it.each([
    ['import { x } from "../orders/";\n', 19],
    ['export { x } from "../orders/.";\n', 19],
  ])("%j", (code, column) => {
    expect(lint(root, "src/features/billing/view.ts", code)).toEqual([intoIndex(column)]);
  });

  it("a specifier without the slash names the file first, as TypeScript does", () => {
    expect(lint(root, "src/features/billing/view.ts", 'import { x } from "../orders";\n')).toEqual(
      [],
    );
  });
});
