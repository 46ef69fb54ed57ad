// Lines that hold only a comment: a change there runs no code and changes no type, so it reaches
// nothing (an agent's or a reviewer's edit to documentation selected every test importing the
// file: 49 of tsoa's 51 test files for one appended comment line). Comments that tools read are
// code here: directives (`@ts-expect-error`, `@vitest-environment`, JSDoc types in JavaScript:
// anything with `@`), `#` pragmas, triple-slash references, linters', coverage tools' and
// bundlers' markers.
import { createRequire } from "node:module";
import type * as TypeScript from "typescript";
import type { FileChange } from "./changes.js";
import type { AffectedFacts, FactFile, FileSource } from "./facts.js";
import type { Importers } from "./import-graph.js";
import { commentRangesOf } from "../project/comment-ranges.js";
import { lineSpan } from "./line-span.js";
import { lineStartsOf } from "./line-starts.js";

// TypeScript, loaded only for a changed line that looks like a comment: an answer from a fresh
// index loads none for a change to code. (Not named `require`: see schema/json-location.ts.)
const load = createRequire(import.meta.url);
let typescript: typeof TypeScript | undefined;

/** Text a comment line starts with: `//`, `/*`, or a block comment's `*` and `*\/`. */
const LOOKS_LIKE_COMMENT = /^(?:\/\/|\/\*|\*)/u;

/** A comment a tool reads: it may change what runs, what type-checks or what is measured. */
const READ_BY_TOOLS =
  /[@#]|<(?:reference|amd)|eslint|tslint|jshint|istanbul|\bc8\b|webpack|vite-|rollup|esbuild|prettier|biome|deno-|\bglobals?\b|__PURE__|__NO_SIDE_EFFECTS__/iu;

/** The comment ranges of a file's text (where a parse puts them: never inside strings or templates). */
function commentRanges(text: string, fileName: string): readonly (readonly [number, number])[] {
  const ts = (typescript ??= load("typescript") as typeof TypeScript);
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return commentRangesOf<TypeScript.Node>(ts, sourceFile).map((range) => [range.pos, range.end]);
}

/** The last text parsed, and its comments: the closure asks again for the same changed file. */
let parsed:
  | {
      readonly text: string;
      readonly fileName: string;
      readonly ranges: readonly (readonly [number, number])[];
    }
  | undefined;

/** The comment ranges of `text`, kept for the last text asked. */
function parsedRanges(text: string, fileName: string): readonly (readonly [number, number])[] {
  if (parsed?.text !== text || parsed.fileName !== fileName)
    parsed = { text, fileName, ranges: commentRanges(text, fileName) };
  return parsed.ranges;
}

/**
 * Whether a line's non-blank span (lineSpan) lies inside one comment no tool reads. Only a line
 * that looks like a comment (`//`, `/*`, `*`) is parsed for it.
 */
export function isPlainCommentSpan(
  source: FileSource,
  fileName: string,
  [start, end]: readonly [number, number],
  change?: Pick<FileChange, "lines" | "replaced">,
): boolean {
  const { text } = source;
  if (!LOOKS_LIKE_COMMENT.test(text.slice(start, start + 2))) return false;
  const range = parsedRanges(text, fileName).find(([from, to]) => from <= start && end <= to);
  return (
    range !== undefined &&
    !READ_BY_TOOLS.test(text.slice(range[0], range[1])) &&
    (change === undefined || keptItsBounds(source, range, change))
  );
}

/**
 * Whether a block comment a change touched still opens and closes where it did, so the unchanged
 * lines inside it were comment before too. `/*` and `*\/` added on lines of their own around
 * unchanged code turn it into a comment (the diff shows only the two new lines): the comment's
 * first (last) line is new, or replaced text that held no `/*` (`*\/`), while lines inside it
 * are not: then it is no comment edit. An edited JSDoc (its first line replaced by another
 * `/**` line) keeps its bounds.
 */
function keptItsBounds(
  source: FileSource,
  [from, to]: readonly [number, number],
  change: Pick<FileChange, "lines" | "replaced">,
): boolean {
  const first = lineAt(source, from);
  const last = lineAt(source, Math.max(from, to - 1));
  if (first === last) return true;
  const hunkOf = (line: number) =>
    (change.lines ?? []).find(([start, end]) => start <= line && line <= end);
  const firstHunk = hunkOf(first);
  const lastHunk = hunkOf(last);
  if (firstHunk === undefined && lastHunk === undefined) return true;
  for (let line = first; line <= last; line++) if (hunkOf(line) === undefined) return heldBound();
  return true;
  // Some line inside did not change: each changed bound must have stood in the text it replaced.
  function heldBound(): boolean {
    const replacedBy = (hunk: readonly [number, number]) =>
      (change.replaced ?? []).find((replaced) => replaced.after === hunk[0] - 1)?.text ?? "";
    return (
      (firstHunk === undefined || replacedBy(firstHunk).includes("/*")) &&
      (lastHunk === undefined || replacedBy(lastHunk).includes("*/"))
    );
  }
}

/** The 1-based line of a position. */
function lineAt(source: FileSource, position: number): number {
  const starts = source.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * Whether text a change replaced held anything but comments no tool reads and blank lines: code
 * turned into a comment or removed for a blank line is a change (an import commented out). Read
 * alone, a block comment's inner line (` * Registers the routes.`) is code; it was comment where
 * the lines now in its place lie inside one comment whose bounds stand on unchanged lines, and it
 * held neither `/*` nor `*\/` (so it neither closed that comment nor opened another).
 */
export function replacedCode(
  replaced: { readonly after: number; readonly text: string },
  fileName: string,
  now?: FileSource,
  change?: Pick<FileChange, "lines" | "replaced">,
): boolean {
  const { text } = replaced;
  const source: FileSource = { text, lineStarts: lineStartsOf(text) };
  for (let line = 1; line <= source.lineStarts.length; line++) {
    const span = lineSpan(source, line);
    if (span !== undefined && !isPlainCommentSpan(source, fileName, span))
      return !wasInsideComment(replaced, fileName, now, change);
  }
  return false;
}

function wasInsideComment(
  { after, text }: { readonly after: number; readonly text: string },
  fileName: string,
  now: FileSource | undefined,
  change: Pick<FileChange, "lines" | "replaced"> | undefined,
): boolean {
  if (now === undefined || change === undefined) return false;
  if (text.includes("/*") || text.includes("*/") || READ_BY_TOOLS.test(text)) return false;
  const hunk = (change.lines ?? []).find(([first]) => first === after + 1);
  const first = hunk && lineSpan(now, hunk[0]);
  const last = hunk && lineSpan(now, hunk[1]);
  if (hunk === undefined || first === undefined || last === undefined) return false;
  if (!LOOKS_LIKE_COMMENT.test(now.text.slice(first[0], first[0] + 2))) return false;
  const range = parsedRanges(now.text, fileName).find(
    ([from, to]) => from <= first[0] && last[1] <= to,
  );
  if (range === undefined || READ_BY_TOOLS.test(now.text.slice(range[0], range[1]))) return false;
  // Its bounds on lines before and after the hunk, which no hunk changed.
  const opens = lineAt(now, range[0]);
  const closes = lineAt(now, Math.max(range[0], range[1] - 1));
  const changed = (line: number) =>
    (change.lines ?? []).some(([start, end]) => start <= line && line <= end);
  return opens < hunk[0] && closes > hunk[1] && !changed(opens) && !changed(closes);
}

/**
 * Whether a modified file's change touches only comments no tool reads (or blank lines): nothing
 * can observe it, so it is no change at all for the closure (it is still listed). Not for a test
 * (its lines count whole), a file code names by its path (read as text), removed lines (what
 * they held is not known) or a file the analysis does not hold.
 */
function onlyPlainComments(
  change: FileChange,
  file: FactFile | undefined,
  source: () => FileSource,
  namedByPath: boolean,
): boolean {
  if (change.status !== "modified" || change.lines === undefined || file === undefined)
    return false;
  if (file.test || namedByPath || (change.deletedAfter?.length ?? 0) > 0) return false;
  const text = source();
  if ((change.replaced ?? []).some((replaced) => replacedCode(replaced, file.path, text, change)))
    return false;
  for (const [first, last] of change.lines) {
    for (let line = first; line <= last; line++) {
      if (line < 1 || line > text.lineStarts.length) return false;
      const span = lineSpan(text, line);
      if (span !== undefined && !isPlainCommentSpan(text, file.path, span, change)) return false;
    }
  }
  return true;
}

/** The changes something can observe: those to comment lines alone are left out (onlyPlainComments). */
export function observableChanges(
  facts: AffectedFacts,
  changes: readonly FileChange[],
  importers: Importers,
): FileChange[] {
  return changes.filter(
    (change) =>
      !onlyPlainComments(
        change,
        facts.file(change.path),
        () => facts.source(change.path),
        (importers.get(change.path) ?? []).some((entry) => entry.named !== undefined),
      ),
  );
}
