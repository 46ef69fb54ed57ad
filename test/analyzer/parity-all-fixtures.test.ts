// Parity on every fixture: ESLint running the plugin's `recommended-type-checked` config and
// `agentix check --json` report the same set of (rule, file, line, column, end, severity,
// message) on each fixture project under test/fixtures/, exactly the files the project's
// tsconfig includes. Differences by design are listed per fixture and asserted, never skipped.
import { readdirSync } from "node:fs";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

interface ParityCase {
  /** Folder under test/fixtures/. */
  readonly fixture: string;
  /** The tsconfig both sides use (check's `--project`, ESLint's `parserOptions.project`). */
  readonly project?: string;
  /** How many violations both report: a parity of zero on a fixture meant to break rules is no parity. */
  readonly violations: number;
  /** Reports only `check` makes, by design (each says why). */
  readonly onlyCheck?: readonly string[];
  /** Files ESLint cannot parse (they are `check` diagnostics instead). */
  readonly fatal?: readonly string[];
  /**
   * Rule severities for ESLint mirroring the fixture's agentix.config.json `rules`: a rule
   * cannot set its own severity, so "warn" there reaches ESLint only through eslint.config.js
   * (README, "One verdict").
   */
  readonly eslintRules?: Linter.RulesRecord;
}

const TRANSITIVE =
  "a domain file may not reach ambient capabilities through shared code either: declare an effect instead, or allow the capability for that file in agentix.config.json";

const CASES: readonly ParityCase[] = [
  { fixture: "affected-app", violations: 0 },
  { fixture: "aliases", violations: 0 },
  { fixture: "broken", violations: 12, fatal: ["src/features/beta/broken.ts"] },
  { fixture: "composed", violations: 0 },
  { fixture: "entries", violations: 6 },
  { fixture: "library", project: "tsconfig.build.json", violations: 9 },
  { fixture: "marker", violations: 1 },
  { fixture: "nest-shape", violations: 5 },
  { fixture: "ordinary", violations: 0 },
  { fixture: "parity", violations: 10 },
  { fixture: "real-shapes", violations: 0 },
  { fixture: "schemas", violations: 0 },
  { fixture: "shop", violations: 0 },
  {
    fixture: "transitive",
    violations: 0,
    // The plugin sees one file at a time; following imports into shared code is check's alone
    // (no-ambient-capabilities.md, "What only agentix check catches").
    onlyCheck: [
      `src/features/loans/model.ts:3:23-3:45 error agentix/no-ambient-capabilities imports src/lib/ambient.ts, which reads the clock with Date.now() at line 3; ${TRANSITIVE}`,
      `src/features/loans/model.ts:4:24-4:45 error agentix/no-ambient-capabilities imports src/lib/config.ts, which imports src/lib/env.ts at line 1, which reads process.env at line 1; ${TRANSITIVE}`,
    ],
  },
  { fixture: "typeorm-shape", violations: 0 },
  {
    fixture: "verdict",
    violations: 4,
    eslintRules: { "agentix/no-undeclared-dependencies": "warn" },
  },
  { fixture: "wide", violations: 0 },
];

/** Fixtures that are not one project `check` and ESLint can both run on, and why. */
const NOT_COMPARED: Readonly<Record<string, string>> = {
  "eslint-plugin": "RuleTester's file trees (some without a tsconfig); not analyser projects",
  workspace:
    "a monorepo of three packages without an ESLint project at its root; `check` runs per package (test/workspace/workspace.test.ts); not compared here yet",
};

/** The files a tsconfig includes, as tsc (and so `check`) sees them. */
function projectFiles(root: string, project: string): string[] {
  const configPath = path.join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  return config.fileNames.filter((file) => !file.endsWith(".d.ts"));
}

function line(p: {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  rule: string;
  message: string;
}): string {
  return `${p.file}:${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${p.message}`;
}

async function checkReports(root: string, project: string): Promise<string[]> {
  const io = recordingIO(root);
  await run(["check", "--json", "--root", root, "--project", project], io.io);
  const result = JSON.parse(io.stdout()) as CheckResult;
  return result.problems
    .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
    .map((p) =>
      line({
        file: p.file ?? "",
        line: p.line ?? 0,
        column: p.column ?? 0,
        endLine: p.endLine ?? 0,
        endColumn: p.endColumn ?? 0,
        severity: p.severity,
        rule: p.rule,
        message: p.message,
      }),
    )
    .sort();
}

/** ESLint's report of a directive naming a rule outside agentix (check reads only agentix's). */
const foreignUnusedDirective =
  /^Unused eslint-disable directive \(no problems were reported from '(?!agentix\/)/u;

async function eslintReports(
  root: string,
  project: string,
  rules: Linter.RulesRecord = {},
): Promise<{ reports: string[]; fatal: string[] }> {
  const typeChecked = plugin.configs["recommended-type-checked"];
  const config: Linter.Config[] = [
    { ...typeChecked, files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}"] },
    {
      languageOptions: {
        parser: tsParser as Linter.Parser,
        parserOptions: { project, tsconfigRootDir: root },
      },
      linterOptions: { reportUnusedDisableDirectives: "warn" },
      rules,
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const reports: string[] = [];
  const fatal: string[] = [];
  for (const result of await eslint.lintFiles(projectFiles(root, project))) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const m of result.messages) {
      if (m.fatal) fatal.push(file);
      else if (m.ruleId === null && foreignUnusedDirective.test(m.message)) continue;
      else
        reports.push(
          line({
            file,
            line: m.line,
            column: m.column,
            endLine: m.endLine ?? 0,
            endColumn: m.endColumn ?? 0,
            severity: m.severity === 2 ? "error" : "warning",
            rule: m.ruleId ?? "unused-disable-directive",
            // ESLint ends its unused-directive message with a period; check's is the same text.
            message: m.ruleId ? m.message : m.message.replace(/\)\.$/u, ")"),
          }),
        );
    }
  }
  return { reports: reports.sort(), fatal: fatal.sort() };
}

describe("parity with ESLint on every fixture", { timeout: 120_000 }, () => {
  it("covers every fixture folder or says why not", () => {
    const folders = readdirSync(fixtureDir("."), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...CASES.map((c) => c.fixture), ...Object.keys(NOT_COMPARED)].sort());
  });

  it.each(CASES)("$fixture: the same reports from ESLint and check", async (c) => {
    const root = fixtureDir(c.fixture);
    const project = c.project ?? "tsconfig.json";
    const [fromCheck, fromEslint] = await Promise.all([
      checkReports(root, project),
      eslintReports(root, project, c.eslintRules),
    ]);
    expect(fromEslint.fatal).toEqual(c.fatal ?? []);
    const onlyCheck = c.onlyCheck ?? [];
    expect(fromCheck.filter((r) => onlyCheck.includes(r))).toEqual(onlyCheck);
    expect(fromEslint.reports).toEqual(fromCheck.filter((r) => !onlyCheck.includes(r)));
    expect(fromEslint.reports.filter((r) => !r.includes("unused-disable-directive"))).toHaveLength(
      c.violations,
    );
  });
});
