// test/fixtures/linked-features: a feature imports another workspace package's feature contract
// by the package's name (linked into node_modules, as npm, yarn and pnpm link workspace
// packages) without declaring it. ESLint and `check` said nothing (h-app4 repro-8) while the
// runtime refuses such a feature; both now report the import, the same way.
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

/** What ESLint's no-undeclared-dependencies reports in apps/api, as `file:line:column message`. */
async function lint(): Promise<string[]> {
  clearProjectCaches();
  const eslint = new ESLint({
    cwd: api(),
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        plugins: { agentix },
        rules: { "agentix/no-undeclared-dependencies": "error" },
      },
    ],
  });
  const results = await eslint.lintFiles(["src/**/*.ts"]);
  return results.flatMap((result) =>
    result.messages.map(
      (m) => `${path.relative(api(), result.filePath)}:${m.line}:${m.column} ${m.message}`,
    ),
  );
}

/** What `agentix check --json` reports in apps/api, in the same form. */
async function check(): Promise<string[]> {
  clearProjectCaches();
  const { io, stdout } = recordingIO(api());
  await run(["check", "--json"], io);
  const result = JSON.parse(stdout()) as {
    problems: { rule?: string; file: string; line: number; column: number; message: string }[];
  };
  return result.problems
    .filter((v) => v.rule === "agentix/no-undeclared-dependencies")
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

  // An installed library is nobody's feature, whatever its folders are called.
  it("installed as a copy, not linked from the workspace: a library, not a feature", async () => {
    rmSync(link());
    cpSync(path.join(root, "packages/billing"), link(), { recursive: true });
    try {
      expect(await lint()).toEqual([]);
      expect(await check()).toEqual([]);
    } finally {
      rmSync(link(), { recursive: true });
      symlinkSync("../../packages/billing", link(), "dir");
    }
  });
});
