// White space and comments between two tokens of a text, skipped without parsing it and without
// a regular expression: `(?:\s|\/\*...\*\/|\/\/...\n)*` keeps one backtracking entry per
// repetition, so some 750,000 comments in a row threw "Maximum call stack size exceeded" out of
// the rule, and a bound on each comment's length made a longer comment hide what followed it.

const TAB = 9;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const SLASH = 47;
const STAR = 42;

/** Whether `code` is white space or a line terminator (what `\s` matches in a regular expression). */
function isWhiteSpace(code: number): boolean {
  if (code <= SPACE) return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * What the skips over one text have learnt, so that no part of it is scanned again and again
 * however its comments overlap: the next `*` `/` and line feed after a position (each valid
 * from its `from` up to itself; unknown before the first search), and where a run of more than
 * a few tokens, entered at any of its token starts, ends.
 */
const learnt = {
  text: "",
  closeFrom: Number.POSITIVE_INFINITY,
  close: -1,
  breakFrom: Number.POSITIVE_INFINITY,
  lineBreak: -1,
  runEnds: new Map<number, number>(),
};

/** Runs of at most this many tokens are not remembered (those of real code are one or two). */
const REMEMBERED_AFTER = 3;
const runStarts: number[] = [];

function learn(text: string): void {
  if (learnt.text === text) return;
  learnt.text = text;
  learnt.closeFrom = learnt.breakFrom = Number.POSITIVE_INFINITY;
  if (learnt.runEnds.size > 0) learnt.runEnds.clear();
}

/** The first `*` `/` at or after `from`; -1 when there is none. */
function closeAfter(from: number): number {
  if (from < learnt.closeFrom || (learnt.close !== -1 && from > learnt.close)) {
    learnt.closeFrom = from;
    learnt.close = learnt.text.indexOf("*/", from);
  }
  return learnt.close;
}

/** The first line feed at or after `from`; -1 when there is none. */
function lineBreakAfter(from: number): number {
  if (from < learnt.breakFrom || (learnt.lineBreak !== -1 && from > learnt.lineBreak)) {
    learnt.breakFrom = from;
    learnt.lineBreak = learnt.text.indexOf("\n", from);
  }
  return learnt.lineBreak;
}

/**
 * Where the white space and comments starting at `at` end: the first character of `text` from
 * `at` on that starts neither (`text.length` at its end). A block comment needs its `*` `/`, a
 * line comment its line feed: `/*` and `//` without them are no gap.
 */
export function gapEnd(text: string, at: number): number {
  learn(text);
  let tokens = 0;
  runStarts.length = 0;
  for (; ; tokens += 1) {
    // A later skip that enters a long run meets one of its token starts within a few tokens
    // (or leaves the run, in a comment of its own).
    if (tokens > REMEMBERED_AFTER) {
      const end = learnt.runEnds.get(at);
      if (end !== undefined) {
        at = end;
        break;
      }
      runStarts.push(at);
    }
    const code = text.charCodeAt(at);
    if (isWhiteSpace(code)) {
      do at += 1;
      while (isWhiteSpace(text.charCodeAt(at)));
    } else if (code === SLASH && text.charCodeAt(at + 1) === STAR) {
      const close = closeAfter(at + 2);
      if (close === -1) break;
      at = close + 2;
    } else if (code === SLASH && text.charCodeAt(at + 1) === SLASH) {
      const lineBreak = lineBreakAfter(at + 2);
      if (lineBreak === -1) break;
      at = lineBreak + 1;
    } else break;
  }
  for (const start of runStarts) learnt.runEnds.set(start, at);
  return at;
}
