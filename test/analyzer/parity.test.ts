// `agentix check --format json` reports the same architecture violations as ESLint running the
// plugin on the same files: same rule ids, files, positions and messages (one implementation).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { BIN, fixtureDir } from "../support/analyzer-fixtures.js";

interface Problem {
  source: string;
  rule: string;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

async function agentixViolations(root: string, args: readonly string[] = []): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [BIN, "check", "--format", "json", ...args],
    { cwd: root, encoding: "utf8" },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const result = JSON.parse(stdout) as { problems: Problem[] };
  return result.problems
    .filter((p) => p.source === "violation")
    .map(
      (p) => `${p.file}:${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.rule} ${p.message}`,
    )
    .sort();
}

/** ESLint with the plugin on every source file; type-aware (no-query-writes included) unless `typed` is false. */
async function eslintViolations(
  root: string,
  typed = true,
): Promise<{ violations: string[]; fatal: string[] }> {
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
      languageOptions: {
        parser: tsParser as Linter.Parser,
        parserOptions: typed
          ? { project: "./tsconfig.json", tsconfigRootDir: root }
          : { ecmaFeatures: { jsx: true } },
      },
      plugins: { agentix: plugin as unknown as ESLint.Plugin },
      rules: {
        "agentix/no-private-imports": "error",
        "agentix/no-ambient-capabilities": "error",
        ...(typed ? { "agentix/no-query-writes": "error" as const } : {}),
        "agentix/no-undeclared-dependencies": "error",
      },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(["src"]);
  const violations: string[] = [];
  const fatal: string[] = [];
  for (const result of results) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const message of result.messages) {
      if (message.fatal) fatal.push(file);
      else
        violations.push(
          `${file}:${message.line}:${message.column}-${message.endLine}:${message.endColumn} ${message.ruleId} ${message.message}`,
        );
    }
  }
  return { violations: violations.sort(), fatal };
}

describe("parity with ESLint", { timeout: 180_000 }, () => {
  it("reports the same violations on a project that breaks every rule", async () => {
    const root = fixtureDir("broken");
    const [agentix, eslint] = await Promise.all([agentixViolations(root), eslintViolations(root)]);
    // The file with a syntax error is a parse error for ESLint and a diagnostic for agentix.
    expect(eslint.fatal).toEqual(["src/features/beta/broken.ts"]);
    expect(agentix).toHaveLength(12);
    expect(agentix).toEqual(eslint.violations);
  });

  it("reports the same violations on a JavaScript module and on a clean project", async () => {
    const [marker, markerEslint, shop, shopEslint] = await Promise.all([
      agentixViolations(fixtureDir("marker")),
      eslintViolations(fixtureDir("marker")),
      agentixViolations(fixtureDir("shop")),
      eslintViolations(fixtureDir("shop")),
    ]);
    expect(marker).toEqual(markerEslint.violations);
    expect(marker).toHaveLength(1);
    expect(shop).toEqual([]);
    expect(shopEslint.violations).toEqual([]);
  });

  it("reports the same violations on a library laid out like hono (folders as features)", async () => {
    const root = fixtureDir("library");
    const [agentix, eslint] = await Promise.all([
      agentixViolations(root, ["--project", "tsconfig.build.json"]),
      eslintViolations(root, false),
    ]);
    expect(eslint.fatal).toEqual([]);
    expect(agentix).toHaveLength(9);
    expect(agentix).toEqual(eslint.violations);
  });

  it("reports the same violations on the parity fixture (casts, ambient holes, type-only imports)", async () => {
    const root = fixtureDir("parity");
    const [agentix, eslint] = await Promise.all([agentixViolations(root), eslintViolations(root)]);
    expect(eslint.fatal).toEqual([]);
    expect(agentix.map((line) => line.split(" ", 2).join(" "))).toEqual([
      "src/features/loans/holes.ts:10:22-10:32 agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:4:53-4:60 agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:5:27-5:54 agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:7:26-7:45 agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:8:26-8:64 agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:9:20-9:31 agentix/no-ambient-capabilities",
      "src/features/loans/queries.ts:12:14-12:83 agentix/no-query-writes",
      "src/features/loans/queries.ts:5:110-5:137 agentix/no-query-writes",
      "src/features/loans/queries.ts:6:114-6:143 agentix/no-query-writes",
      "src/features/loans/queries.ts:7:116-7:145 agentix/no-query-writes",
    ]);
    expect(agentix).toEqual(eslint.violations);
  });
});
