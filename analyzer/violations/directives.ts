import type ts from "typescript";
import { ts as morphTs } from "../project/ts-morph.js";
import { commentRangesOf } from "../project/comment-ranges.js";

/**
 * ESLint directive comments, read as ESLint reads them, so `agentix check` and `verify` honour
 * the same exceptions the editor does: `eslint-disable-line`, `eslint-disable-next-line` and
 * `eslint-disable` ... `eslint-enable` blocks, each for the rules it names (all rules when it
 * names none), with an optional `-- reason`.
 */
export interface Directive {
  readonly kind: "disable" | "enable" | "disable-line" | "disable-next-line";
  /** Rule ids named; empty for every rule. */
  readonly rules: readonly string[];
  /** 1-based line of the comment's start and end; 0-based column of its start. */
  readonly line: number;
  readonly endLine: number;
  readonly column: number;
}

const DIRECTIVE = /^eslint-(disable-next-line|disable-line|disable|enable)(?:\s+([^]*))?$/u;
/** Between a directive and its reason: two or more dashes with blanks around them. */
const REASON = /\s-{2,}\s/u;
/** A rule name may be quoted (`"agentix/no-private-imports"`). */
const QUOTED = /^(['"]?)([^]*)\1$/u;

/**
 * A comment's directive, read as ESLint reads it (@eslint/plugin-kit's ConfigCommentParser:
 * parseDirective and parseListConfig; directives.test.ts compares the two on every form).
 */
function parseComment(text: string): Pick<Directive, "kind" | "rules"> | undefined {
  const body = text.startsWith("//") ? text.slice(2) : text.slice(2, -2);
  const reason = REASON.exec(body);
  const match = DIRECTIVE.exec((reason ? body.slice(0, reason.index) : body).trim());
  if (!match) return undefined;
  const kind = match[1] as Directive["kind"];
  // ESLint reads line-style `eslint-disable` and `eslint-enable` only in block comments.
  if (text.startsWith("//") && (kind === "disable" || kind === "enable")) return undefined;
  const rules = (match[2] ?? "")
    .split(",")
    .map((rule) => rule.trim().replace(QUOTED, "$2"))
    .filter((rule) => rule !== "");
  return { kind, rules };
}

/** The directive comments of a file, in source order; none without `eslint-` in its text. */
export function directivesOf(sourceFile: ts.SourceFile): Directive[] {
  if (!sourceFile.text.includes("eslint-")) return [];
  const found: Directive[] = [];
  for (const range of commentRangesOf<ts.Node>(morphTs, sourceFile)) {
    const parsed = parseComment(sourceFile.text.slice(range.pos, range.end));
    if (!parsed) continue;
    const start = sourceFile.getLineAndCharacterOfPosition(range.pos);
    const end = sourceFile.getLineAndCharacterOfPosition(range.end);
    // ESLint refuses an eslint-disable-line comment over several lines (and silences nothing).
    if (parsed.kind === "disable-line" && end.line !== start.line) continue;
    found.push({ ...parsed, line: start.line + 1, endLine: end.line + 1, column: start.character });
  }
  return found;
}

/** `agentix/<rule>: <severity>` in an inline `eslint` comment (a string, a number, or a list's first). */
const INLINE_RULE =
  /(["']?)(agentix\/[a-z-]+)\1\s*:\s*\[?\s*(["']?)(off|warn|error|0|1|2)\3(?![\w-])/gu;
const SEVERITY_NAMES: Readonly<Record<string, "off" | "warn" | "error">> = {
  off: "off",
  warn: "warn",
  error: "error",
  "0": "off",
  "1": "warn",
  "2": "error",
};

/**
 * The severities `/* eslint agentix/<rule>: "off" *\/` comments give agentix's rules in this
 * file, as ESLint applies them (to the whole file, the last comment winning).
 */
export function inlineSeveritiesOf(
  sourceFile: ts.SourceFile,
): Map<string, "off" | "warn" | "error"> {
  const severities = new Map<string, "off" | "warn" | "error">();
  if (!sourceFile.text.includes("eslint ")) return severities;
  for (const range of commentRangesOf<ts.Node>(morphTs, sourceFile)) {
    const text = sourceFile.text.slice(range.pos, range.end);
    if (!text.startsWith("/*")) continue;
    const body = text.slice(2, -2);
    const reason = REASON.exec(body);
    const directive = (reason ? body.slice(0, reason.index) : body).trim();
    if (!/^eslint\s/u.test(directive)) continue;
    for (const match of directive.matchAll(INLINE_RULE))
      severities.set(match[2] as string, SEVERITY_NAMES[match[4] as string] as "off");
  }
  return severities;
}

/** A problem's position: 1-based line, 0-based column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

const before = (a: Position, b: Position): boolean =>
  a.line < b.line || (a.line === b.line && a.column < b.column);

const names = (directive: Directive, rule: string): boolean =>
  directive.rules.length === 0 || directive.rules.includes(rule);

/**
 * The directive that silences `rule` at `position`, or undefined, as ESLint credits it (its
 * apply-disable-directives): first the `eslint-disable` / `eslint-enable` blocks, the last
 * `disable` before the position not `enable`d since; only a problem no block silences goes on
 * to the line directives covering its line (`eslint-disable-line` its own, `-next-line` the
 * next), the last of them in source order. So ESLint's `--report-unused-disable-directives` and
 * check call the same directive unused.
 */
export function silencingDirective(
  directives: readonly Directive[],
  rule: string,
  position: Position,
): Directive | undefined {
  let block: Directive | undefined;
  let line: Directive | undefined;
  for (const directive of directives) {
    if (!names(directive, rule)) continue;
    if (directive.kind === "disable" || directive.kind === "enable") {
      if (before({ line: directive.line, column: directive.column }, position))
        block = directive.kind === "disable" ? directive : undefined;
    } else if (
      (directive.kind === "disable-line" && directive.line === position.line) ||
      (directive.kind === "disable-next-line" && directive.endLine + 1 === position.line)
    )
      line = directive;
  }
  return block ?? line;
}

/**
 * The rules each `eslint-enable` comment enables in vain, by comment ("" for a comment naming
 * no rule), as ESLint judges it (apply-disable-directives' collectUsedEnableDirectives): read
 * backwards, an enable of a rule is used by the nearest `eslint-disable` before it of that rule
 * or of every rule, an enable of every rule by any disable before it, and an enable of every
 * rule leaves the enables after it unused. Problems play no part: only the comments' order.
 */
export function unusedEnables(directives: readonly Directive[]): Map<Directive, string[]> {
  interface Entry {
    readonly directive: Directive;
    readonly rule: string | null;
  }
  const entries: Entry[] = directives
    .filter((directive) => directive.kind === "disable" || directive.kind === "enable")
    .flatMap((directive) =>
      (directive.rules.length > 0 ? directive.rules : [null]).map((rule) => ({ directive, rule })),
    );
  const enabled = new Map<string | null, Entry>();
  const used = new Set<Entry>();
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!;
    if (entry.directive.kind === "enable") {
      if (entry.rule === null) enabled.clear();
      enabled.set(entry.rule, entry);
    } else if (entry.rule === null) {
      for (const enable of enabled.values()) used.add(enable);
      enabled.clear();
    } else {
      const enable = enabled.get(entry.rule) ?? enabled.get(null);
      if (enable) used.add(enable);
    }
  }
  const unused = new Map<Directive, string[]>();
  for (const entry of entries) {
    if (entry.directive.kind !== "enable" || used.has(entry)) continue;
    const rules = unused.get(entry.directive) ?? [];
    rules.push(entry.rule ?? "");
    unused.set(entry.directive, rules);
  }
  return unused;
}
