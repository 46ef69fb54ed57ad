import { ruleOfId } from "../../eslint-plugin/rule-registry.js";
import { ruleVerdict } from "../../eslint-plugin/logic/project/verdict.js";
import type { Violation } from "../../eslint-plugin/logic/index.js";
import type { Analysis } from "../analyze.js";
import type { DiagnosticEntry, ViolationEntry } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";
import {
  directivesOf,
  inlineSeveritiesOf,
  silencingDirective,
  unusedEnables,
  type Directive,
} from "./directives.js";

export const UNUSED_DIRECTIVE = "unused-disable-directive";

/** What `check` and `verify` report: the violations left after the config and the directives. */
export interface Verdict {
  readonly violations: ViolationEntry[];
  /** `eslint-disable` comments naming an agentix rule that silenced nothing (ESLint's `--report-unused-disable-directives`). */
  readonly unusedDirectives: DiagnosticEntry[];
}

function toEntry(
  violation: Violation,
  file: ProjectFile,
  severity: "warn" | "error",
): ViolationEntry {
  return {
    rule: violation.ruleId,
    severity: severity === "warn" ? "warning" : "error",
    messageId: violation.messageId,
    message: violation.message,
    file: file.path,
    line: violation.loc.start.line,
    column: violation.loc.start.column + 1,
    endLine: violation.loc.end.line,
    endColumn: violation.loc.end.column + 1,
  };
}

/** ESLint's list of rule ids in an unused-directive message: `'a' or 'b'`, `'a', 'b', or 'c'`. */
function ruleList(rules: readonly string[]): string {
  const quoted = rules.map((rule) => `'${rule}'`);
  return quoted.length <= 2
    ? quoted.join(" or ")
    : `${quoted.slice(0, -1).join(", ")}, or ${quoted.at(-1)}`;
}

function unusedDiagnostics(
  file: ProjectFile,
  directives: readonly Directive[],
  used: ReadonlySet<string>,
): DiagnosticEntry[] {
  const out: DiagnosticEntry[] = [];
  const enables = unusedEnables(directives);
  for (const directive of directives) {
    const at = (message: string): DiagnosticEntry => ({
      code: UNUSED_DIRECTIVE,
      severity: "warning",
      message,
      file: file.path,
      line: directive.line,
      // ESLint reports an unused directive at its comment's start.
      column: directive.column + 1,
      related: [],
    });
    if (directive.kind === "enable") {
      const vain = enables.get(directive);
      // An enable of every rule, or of other plugins' rules alone, is ESLint's to judge.
      if (vain === undefined || !vain.some((rule) => ruleOfId(rule))) continue;
      const words =
        "Unused eslint-enable directive (no matching eslint-disable directives were found for";
      if (vain.length === directive.rules.length) out.push(at(`${words} ${ruleList(vain)})`));
      else for (const rule of vain) if (ruleOfId(rule)) out.push(at(`${words} '${rule}')`));
      continue;
    }
    const unused: string[] = [];
    for (const rule of directive.rules) {
      // A misspelt agentix rule silences nothing, silently (ESLint: "Definition for rule ... was
      // not found"); another plugin's rule is ESLint's to judge.
      if (!ruleOfId(rule)) {
        if (rule.startsWith("agentix/"))
          out.push(at(`Unused eslint-disable directive (no agentix rule is named '${rule}')`));
      } else if (!used.has(`${directive.line}:${directive.column}:${rule}`)) unused.push(rule);
    }
    if (unused.length === 0) continue;
    // As ESLint words it: one message when every rule the comment names silenced nothing, else
    // one per rule (a rule of another plugin may have been used: ESLint's to judge).
    if (unused.length === directive.rules.length)
      out.push(
        at(`Unused eslint-disable directive (no problems were reported from ${ruleList(unused)})`),
      );
    else
      for (const rule of unused)
        out.push(at(`Unused eslint-disable directive (no problems were reported from '${rule}')`));
  }
  return out;
}

/**
 * One verdict for ESLint and the analyzer: a violation is dropped when agentix.config.json
 * ignores its file or turns its rule off, or when an ESLint directive comment silences it;
 * a rule set to "warn" gives warnings. Every project file is read for directives, so an
 * unused one is reported even in a file without violations.
 */
export function applyVerdict(
  analysis: Analysis,
  found: ReadonlyMap<ProjectFile, readonly Violation[]>,
): Verdict {
  const config = analysis.loaded.config;
  const violations: ViolationEntry[] = [];
  const unusedDirectives: DiagnosticEntry[] = [];
  for (const file of analysis.loaded.files) {
    if (file.declaration) continue;
    const directives = directivesOf(file.sourceFile);
    // `/* eslint agentix/<rule>: "warn" */` sets the rule's severity in the file, as in ESLint;
    // agentix.config.json's `ignores` and "off" still turn it off.
    const inline = inlineSeveritiesOf(file.sourceFile);
    const used = new Set<string>();
    const filename = analysis.roles.absolute(file);
    for (const violation of found.get(file) ?? []) {
      const configured = ruleVerdict(config, violation.ruleId, filename);
      const severity = configured === "off" ? "off" : (inline.get(violation.ruleId) ?? configured);
      if (severity === "off") continue;
      const directive = silencingDirective(directives, violation.ruleId, violation.loc.start);
      if (directive) {
        used.add(`${directive.line}:${directive.column}:${violation.ruleId}`);
        continue;
      }
      violations.push(toEntry(violation, file, severity));
    }
    unusedDirectives.push(...unusedDiagnostics(file, directives, used));
  }
  return { violations, unusedDirectives };
}
