// One verdict: ESLint directive comments for agentix rules and agentix.config.json `ignores` and
// `rules` severities are honoured by `agentix check` exactly as by ESLint running the plugin;
// an unused directive is reported by both, with ESLint's words.
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

const root = fixtureDir("verdict");

async function eslintProblems(): Promise<string[]> {
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as Linter.Parser },
      linterOptions: { reportUnusedDisableDirectives: "warn" },
      plugins: { agentix: plugin as unknown as ESLint.Plugin },
      rules: {
        "agentix/no-private-imports": "error",
        "agentix/no-ambient-capabilities": "error",
        "agentix/no-undeclared-dependencies": "warn",
      },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const out: string[] = [];
  for (const result of await eslint.lintFiles(["src"])) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const m of result.messages) {
      const severity = m.severity === 2 ? "error" : "warning";
      out.push(
        `${file}:${m.line} ${severity} ${m.ruleId ?? "unused-disable-directive"} ${m.message}`,
      );
    }
  }
  return out.sort();
}

describe("one verdict for ESLint and agentix check", { timeout: 60_000 }, () => {
  let check: CheckResult;
  let exit: number;
  beforeAll(async () => {
    const io = recordingIO(root);
    exit = await run(["check", "--json", "--root", root], io.io);
    check = JSON.parse(io.stdout()) as CheckResult;
  });

  it("drops what the directives and the config silence, keeps the rest, warns for 'warn' rules", () => {
    const rules = check.problems
      .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
      .map((p) => `${p.file}:${p.line}:${p.column ?? "-"} ${p.severity} ${p.rule}`);
    expect(rules).toEqual([
      "src/features/billing/model.ts:3:31 warning agentix/no-undeclared-dependencies",
      "src/features/loans/model.ts:7:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:8:1 warning unused-disable-directive",
      "src/features/loans/model.ts:13:1 warning unused-disable-directive",
      "src/features/loans/model.ts:15:1 warning unused-disable-directive",
      "src/features/loans/model.ts:16:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:18:18 error agentix/no-ambient-capabilities",
    ]);
    expect(check.problems.find((p) => p.line === 13)?.message).toBe(
      "Unused eslint-disable directive (no problems were reported from 'agentix/no-private-imports')",
    );
    expect(exit).toBe(1);
  });

  it("agrees with ESLint on every violation and unused directive", async () => {
    const fromCheck = check.problems
      .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
      .map((p) => `${p.file}:${p.line} ${p.severity} ${p.rule} ${p.message}`)
      .sort();
    // ESLint ends its unused-directive message with a period; the rest is the same text.
    expect((await eslintProblems()).map((line) => line.replace(/\)\.$/u, ")"))).toEqual(fromCheck);
  });
});
