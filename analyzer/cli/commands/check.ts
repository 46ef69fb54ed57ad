import { ruleDocsUrl, ruleOfId } from "../../../eslint-plugin/rule-registry.js";
import { ANALYZER_VERSION } from "../../version.js";
import type { AgentixIndex } from "../../index-file/types.js";
import path from "node:path";
import { compareText, relativeToRoot } from "../../project/paths.js";
import { resolveProjectPaths } from "../../project/project-paths.js";
import { FORMAT_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { ProjectLoadError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { answerIndex, FRESH_FLAG, FRESH_USAGE } from "../answer-index.js";
import { jsonOutput } from "../json-output.js";
import { plural } from "../../text.js";
import type { Command } from "./command.js";
import { CHECK_RESULT_SCHEMA_VERSION, type CheckResult, type Problem } from "../check-result.js";
import { UNMATCHED_FEATURE_DIRECTORIES } from "../../project/feature-directories.js";
import { workspaceFor } from "../workspace/workspace-root.js";

export { CHECK_RESULT_SCHEMA_VERSION, type CheckResult, type Problem } from "../check-result.js";

/** The problems of an index, sorted by file, position and rule. */
export function problemsOf(index: AgentixIndex): Problem[] {
  const problems: Problem[] = [
    ...index.violations.map((v): Problem => ({
      source: "violation",
      severity: v.severity,
      rule: v.rule,
      message: v.message,
      file: v.file,
      line: v.line,
      column: v.column,
      endLine: v.endLine,
      endColumn: v.endColumn,
      related: [],
    })),
    ...index.diagnostics.map((d): Problem => ({
      source: "diagnostic",
      // A feature glob that matches nothing turns every boundary check off: check fails on it.
      severity: d.code === UNMATCHED_FEATURE_DIRECTORIES ? "error" : d.severity,
      rule: d.code,
      message: d.message,
      file: d.file,
      line: d.line,
      column: d.column ?? null,
      endLine: null,
      endColumn: null,
      related: d.related,
    })),
    ...index.unresolved.map((u): Problem => ({
      source: "unresolved",
      severity: "warning",
      rule: `unresolved/${u.kind}`,
      message: u.reason,
      file: u.file,
      line: u.line,
      column: u.column,
      endLine: null,
      endColumn: null,
      related: [],
    })),
  ];
  return problems.sort(
    (a, b) =>
      compareText(a.file ?? "", b.file ?? "") ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compareText(a.rule, b.rule) ||
      compareText(a.message, b.message),
  );
}

export function checkResult(
  problems: readonly Problem[],
  index: AgentixIndex | undefined,
): CheckResult {
  const errors = problems.filter((p) => p.severity === "error").length;
  return {
    schemaVersion: CHECK_RESULT_SCHEMA_VERSION,
    command: "check",
    ok: errors === 0,
    summary: {
      errors,
      warnings: problems.length - errors,
      features: index?.features.length ?? 0,
      operations: index?.operations.length ?? 0,
      files: index?.files.length ?? 0,
    },
    problems,
  };
}

function textReport(result: CheckResult): string {
  const lines: string[] = [];
  let file: string | null | undefined;
  for (const problem of result.problems) {
    if (problem.file !== file) {
      if (file !== undefined) lines.push("");
      file = problem.file;
      lines.push(file ?? "(project)");
    }
    const position =
      problem.line === null
        ? ""
        : problem.column === null
          ? `${problem.line}`
          : `${problem.line}:${problem.column}`;
    const related =
      problem.related.length > 0
        ? ` (see ${problem.related.map((r) => `${r.file}:${r.line}`).join(", ")})`
        : "";
    lines.push(
      `  ${position.padEnd(7)} ${problem.severity.padEnd(7)} ${problem.message}${related}  ${problem.rule}`,
    );
  }
  const { errors, warnings, features, operations, files } = result.summary;
  if (result.problems.length > 0) lines.push("");
  const total = errors + warnings;
  lines.push(
    total === 0
      ? `no problems (${plural(features, "feature")}, ${plural(operations, "operation")}, ${plural(files, "file")} checked)`
      : `${errors > 0 ? "✖" : "!"} ${plural(total, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * SARIF 2.1.0, with URIs relative to the working directory (uriBaseId %SRCROOT%, the checkout a
 * code-scanning upload runs in): `base` is the project root from there (`apps/api` for
 * `--project apps/api/tsconfig.app.json`), whose paths the problems give.
 */
export function sarifReport(result: CheckResult, base = ""): Record<string, unknown> {
  const uri = (file: string) =>
    base === "" || path.isAbsolute(file) ? file : path.posix.normalize(`${base}/${file}`);
  const rules = [...new Set(result.problems.map((p) => p.rule))].sort(compareText);
  const ruleIndex = new Map(rules.map((rule, index) => [rule, index]));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "agentix",
            version: ANALYZER_VERSION,
            informationUri: "https://github.com/agentix-dev/agentix",
            rules: rules.map((rule) => ({
              id: rule,
              shortDescription: { text: describeRule(rule) },
              ...helpUri(rule),
            })),
          },
        },
        results: result.problems.map((problem) => ({
          ruleId: problem.rule,
          ruleIndex: ruleIndex.get(problem.rule)!,
          level: problem.severity,
          message: { text: problem.message },
          ...(problem.file !== null
            ? {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: { uri: uri(problem.file), uriBaseId: "%SRCROOT%" },
                      ...(problem.line !== null
                        ? {
                            region: {
                              startLine: problem.line,
                              ...(problem.column !== null ? { startColumn: problem.column } : {}),
                              ...(problem.endLine !== null ? { endLine: problem.endLine } : {}),
                              ...(problem.endColumn !== null
                                ? { endColumn: problem.endColumn }
                                : {}),
                            },
                          }
                        : {}),
                    },
                  },
                ],
              }
            : {}),
          ...(problem.related.length > 0
            ? {
                relatedLocations: problem.related.map((related, index) => ({
                  id: index,
                  physicalLocation: {
                    artifactLocation: { uri: uri(related.file), uriBaseId: "%SRCROOT%" },
                    region: { startLine: related.line },
                  },
                })),
              }
            : {}),
        })),
        columnKind: "utf16CodeUnits",
      },
    ],
  };
}

function describeRule(rule: string): string {
  if (rule.startsWith("unresolved/"))
    return `Metadata the analyzer could not resolve statically (${rule.slice("unresolved/".length)})`;
  if (rule === "config") return "agentix.config.json must be valid";
  return ruleOfId(rule)?.summary ?? `agentix model diagnostic: ${rule}`;
}

/** The doc page of an architecture rule; other problems have none. */
function helpUri(rule: string): { helpUri?: string } {
  const entry = ruleOfId(rule);
  return entry ? { helpUri: ruleDocsUrl(entry.name) } : {};
}

export const checkCommand: Command = {
  name: "check",
  summary: "architecture violations, unresolved metadata, config errors",
  usage: `Usage: agentix check [--format text|json|sarif] [--json [--compact]] [--fresh] [--project <tsconfig>] [--root <dir>]

Analyses the project and reports architecture violations (the ESLint plugin's rules, same
ids and positions), model errors (duplicate ids, feature id mismatches, dependency cycles,
syntax errors), warnings, what could not be resolved statically, and configuration errors.
Answers from .agentix/index.json when it is provably fresh (see \`agentix index\`), else
analyses the project.

Options:
  --format <format>    text (default), json (schema/cli-check.v1.schema.json) or sarif (SARIF 2.1.0)
  --json               the same as --format json
  --compact            with json or sarif: one line
${FRESH_USAGE}
  -p, --project <path> the tsconfig.json to analyse, or its folder (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 no errors (warnings allowed), 1 errors found (including an invalid
agentix.config.json), 2 bad invocation or unusable tsconfig, 3 internal error.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values } = parseVerbArgs("check", args, { ...FORMAT_FLAGS, ...FRESH_FLAG }, 0);
    const { format, compact } = jsonFlags("check", values, {
      allowed: ["text", "json", "sarif"],
      compact: ["json", "sarif"],
    });
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined)
      return (await import("../workspace/workspace-check.js")).checkWorkspace(
        checkCommand,
        sarifReport,
        workspace,
        args,
        { format, compact },
        io,
      );
    let result: CheckResult;
    try {
      const index = await answerIndex(values, io, { announce: false });
      result = checkResult(problemsOf(index), index);
    } catch (error) {
      if (!(error instanceof ProjectLoadError) || error.code !== "config-invalid") throw error;
      // One problem per line of the message when the file's problems are known apart (each at
      // its line and column); else the message whole.
      const parts =
        error.problems.length > 0
          ? [...error.problems].sort(
              (a, b) =>
                (a.line ?? Infinity) - (b.line ?? Infinity) ||
                (a.column ?? Infinity) - (b.column ?? Infinity),
            )
          : [{ message: error.message, line: null, column: null }];
      const problems = parts.map(({ message, line, column }): Problem => ({
        source: "config",
        severity: "error",
        rule: "config",
        message,
        file: error.file ?? null,
        line,
        column,
        endLine: null,
        endColumn: null,
        related: [],
      }));
      result = checkResult(problems, undefined);
    }
    if (format === "json") io.stdout(jsonOutput(result, compact));
    else if (format === "sarif") {
      const { root } = resolveProjectPaths(
        {
          ...(values.project !== undefined ? { tsconfig: values.project } : {}),
          ...(values.root !== undefined ? { root: values.root } : {}),
        },
        io.cwd,
      );
      const base = relativeToRoot(io.cwd, root);
      io.stdout(jsonOutput(sarifReport(result, base ?? ""), compact));
    } else io.stdout(textReport(result));
    return result.ok ? EXIT.ok : EXIT.checkFailed;
  },
};
