// The text gate of no-private-imports in a project without feature folders: whether a file's
// text may hold an import the full check would report, judged without parsing. A file that
// cannot is given no visitors at all; most files of such a project end here, so the gate is
// read for every file and must be cheap (a few passes of a string search) and sound (never
// false for a file the full check reports).

import { gapEnd } from "./gaps.js";

const QUOTE = "[\"'`]";
const DOT = 46;
const SLASH = 47;
const PARENTHESIS = 40;
const TAB = 9;
const SPACE = 32;

const REQUIRE = /\brequire\b/u;
const MODULE = new RegExp(`${QUOTE}(?:node:)?module${QUOTE}`, "u");

/**
 * What else may make the full check report: an absolute specifier (`from "/x"`, `import "/x"`,
 * `declare module "/x"`, `new URL("/x", import.meta.url)`), an `import(...)` (a dynamic import or
 * an import type: with types, its values may come from another file), `require`, an import of
 * `module` (createRequire); white space and comments may stand between their tokens. A string
 * that merely starts with "/" (a route, an href: a third of a React app's files) is none. Each
 * is looked for where a string search finds its word, and judged there alone: one regular
 * expression of all of them, run over every file, cost as much as the rest of the rule.
 */
function mayImportOtherwise(text: string): boolean {
  const quoteSlash = text.includes('"/') || text.includes("'/") || text.includes("`/");
  return (
    importAt(text, quoteSlash) ||
    (quoteSlash &&
      (absoluteAfter(text, "from") || absoluteAfter(text, "module") || absoluteUrl(text))) ||
    // "quire", "dule": the rarest first letters (a string search runs over its first letter).
    (text.includes("quire") && REQUIRE.test(text)) ||
    (text.includes("dule") && MODULE.test(text))
  );
}

/** `import(`, or with `quoteSlash`, `import "/`, after any occurrence of the word. */
function importAt(text: string, quoteSlash: boolean): boolean {
  for (let at = text.indexOf("import"); at !== -1; at = text.indexOf("import", at + 6)) {
    if (!startsWord(text, at)) continue;
    let next = at + 6;
    let code = text.charCodeAt(next);
    while (code === SPACE || code === TAB) code = text.charCodeAt((next += 1));
    // Most are declarations (`import {`, `import type`): past the spaces, no `(`, no quote, no
    // comment's `/`, no other white space (line breaks and non-ASCII ones).
    if (code === PARENTHESIS || (quoteSlash && isQuote(code))) {
      if (code === PARENTHESIS || text.charCodeAt(next + 1) === SLASH) return true;
    } else if (code === SLASH || code < SPACE || code > 127) {
      const end = gapEnd(text, next);
      if (text.charCodeAt(end) === PARENTHESIS || (quoteSlash && opensAbsolute(text, end)))
        return true;
    }
  }
  return false;
}

/** `word "/`: a quote and a slash after the word (white space and comments between). */
function absoluteAfter(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length))
    if (startsWord(text, at) && opensAbsolute(text, gapEnd(text, at + word.length))) return true;
  return false;
}

/** `URL("/`: a module URL whose path is absolute. */
function absoluteUrl(text: string): boolean {
  for (let at = text.indexOf("URL"); at !== -1; at = text.indexOf("URL", at + 3)) {
    if (!startsWord(text, at)) continue;
    const open = gapEnd(text, at + 3);
    if (text.charCodeAt(open) === PARENTHESIS && opensAbsolute(text, gapEnd(text, open + 1)))
      return true;
  }
  return false;
}

function opensAbsolute(text: string, at: number): boolean {
  return isQuote(text.charCodeAt(at)) && text.charCodeAt(at + 1) === SLASH;
}

function isQuote(code: number): boolean {
  return code === 34 || code === 39 || code === 96;
}

/** Whether a word starts at `at` (`\b`): the character before is none of a word's. */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const code = text.charCodeAt(at - 1);
  return !(
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  );
}

/**
 * Where a path segment of a specifier starts or ends: a slash, a quote, an escape (`\/`,
 * `\u002F`: a specifier may spell its slashes so), and after its end a query or a fragment.
 */
const BEFORE = String.raw`(?:[\/"'${"`"}\\]|\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\}|\\x[\da-fA-F]{2})`;
const AFTER = String.raw`[\/"'${"`"}\\?#]`;

const namingPatterns = new WeakMap<readonly string[], RegExp>();

/** `segments` as whole path segments of a specifier (`"../features/x"`, not `featuresList`). */
function namingPattern(segments: readonly string[]): RegExp {
  let pattern = namingPatterns.get(segments);
  if (!pattern) {
    const names = segments.map((segment) => segment.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&"));
    pattern = new RegExp(`${BEFORE}(?:${names.join("|")})${AFTER}`, "u");
    namingPatterns.set(segments, pattern);
  }
  return pattern;
}

/**
 * Whether a file written in a folder whose path holds none of `segments` (every feature folder's
 * path holds one), `depth` folders below the root, may import into a feature folder, judged
 * from its text alone: a relative specifier can only by naming a segment or by leaving the
 * project (`leaveRoot`, depth + 1 `..` in a row, or fewer around another segment: into another
 * package's features); other specifiers resolve to existing files (none in a feature), but an
 * absolute one, `import(...)`, `require` and `module` are looked at.
 */
export function mayImportIntoFeatures(
  text: string,
  segments: readonly string[],
  leaveRoot: string,
): boolean {
  return namesSegment(text, segments) || mayGoUp(text, leaveRoot) || mayImportOtherwise(text);
}

function namesSegment(text: string, segments: readonly string[]): boolean {
  for (const segment of segments)
    if (text.includes(segment)) return namingPattern(segments).test(text);
  return false;
}

/**
 * `leaveRoot`, or a `..` segment after another segment (`x/..`, `./..`): such a specifier may
 * go up more folders than its longest run of `..` shows, so its text is looked at (rare in real
 * code). Past the root folder, every form holds "/..", looked for first.
 */
function mayGoUp(text: string, leaveRoot: string): boolean {
  const up = text.indexOf("/..");
  if (!leaveRoot.includes("/")) return text.includes(leaveRoot) || upAfterDown(text, up);
  // Every occurrence of leaveRoot ("../..") holds "/.." two characters in.
  return up !== -1 && (text.includes(leaveRoot, up - 2) || upAfterDown(text, up));
}

/** Whether a "/.." from `at` on follows a segment other than `..` (`x/..`, `./..`). */
function upAfterDown(text: string, at: number): boolean {
  for (; at !== -1; at = text.indexOf("/..", at + 1)) {
    if (at === 0) continue;
    if (text.charCodeAt(at - 1) !== DOT) return true;
    if (at >= 2 && text.charCodeAt(at - 2) === SLASH) return true;
  }
  return false;
}
