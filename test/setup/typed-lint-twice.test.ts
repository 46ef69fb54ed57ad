// Vitest runs many test files in one process (`isolate: false`), so typed linting of one file
// happens more than once per process. typescript-eslint's "single run" mode, which it turns on by
// itself where CI=true, builds each project's program once and lints any file it has already
// seen through a fallback program without a current directory, where type look-ups crash inside
// TypeScript (`normalizeSlashes(undefined)` under `getLocalModuleSpecifier`). The Vitest config
// turns single-run inference off; this proves a repeated lint sees the same types, CI or not.
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterEach, describe, expect, it } from "vitest";
import plugin from "../../eslint-plugin/index.js";
import { fixtureDir } from "../support/analyzer-fixtures.js";

const root = fixtureDir("parity");
const file = "src/features/loans/queries.ts";

async function typedReports(): Promise<string[]> {
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: {
        parser: tsParser as Linter.Parser,
        parserOptions: { project: "./tsconfig.json", tsconfigRootDir: root },
      },
      plugins: { agentix: plugin },
      rules: { "agentix/no-query-writes": "error" },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map(
    (m) =>
      `${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.fatal ? "fatal " : ""}${m.message.split(";")[0]}`,
  );
}

const ci = process.env.CI;
afterEach(() => {
  if (ci === undefined) delete process.env.CI;
  else process.env.CI = ci;
});

// Each lint builds the fixture's program (a few seconds; far more on a loaded machine).
describe("typed linting repeated in one process", { timeout: 180_000 }, () => {
  it("is not typescript-eslint's single run: the test environment says so", () => {
    expect(process.env.TSESTREE_SINGLE_RUN).toBe("false");
  });

  it.each(["true", "false"])(
    "reports the same no-query-writes violations on every lint of a file (CI=%s)",
    async (value) => {
      process.env.CI = value;
      const expected = [
        '5:110-5:137 agentix/no-query-writes query "loans.any" declares effect "save" (port operation "loans.store.save") of kind "write"',
        '6:114-6:143 agentix/no-query-writes query "loans.never" declares effect "save" (port operation "loans.store.save") of kind "write"',
        '7:116-7:145 agentix/no-query-writes query "loans.object" declares effect "save" (port operation "loans.store.save") of kind "write"',
        '12:14-12:83 agentix/no-query-writes query "loans.disguised" declares effect "active" (port operation "loans.store.save") of kind "write"',
      ];
      expect(await typedReports()).toEqual(expected);
      expect(await typedReports()).toEqual(expected);
    },
  );
});
