// What no-private-imports' gates read in a file's text: the ways a file may load another other
// than by its import and export declarations (which the gates read from the syntax tree);
// whether it may name `require`, which import-sites.ts asks before its scope walk for the name;
// and, in a project without feature folders, whether its declarations need reading at all.
// Every file is read, so this must be cheap (a few passes of a string search) and sound (never
// false for a file whose loads the full check may report).

import path from "node:path";
import { gapEnd } from "./gaps.js";

const PARENTHESIS = 40;
const DOT = 46;
const SLASH = 47;
const TAB = 9;
const SPACE = 32;
const QUOTE = 34;
const APOSTROPHE = 39;
const LETTER_E = 101;
const LETTER_I = 105;
const LETTER_M = 109;
const LETTER_T = 116;
const POSIX = path.sep === "/";

const REQUIRE = /\brequire\b/u;

/**
 * Whether `text` may load a module other than by a declaration: `import(` (a dynamic import, or
 * an import type: with types, its values may come from another file), `import.meta` (a module
 * URL, a glob), or `require` (mayNameRequire: a call, `require.context`, an `import x =
 * require()`); white space and comments may stand between `import` and what follows it. Each is
 * looked for where a string search finds its word, and judged there alone.
 */
export function mayLoadBeyondDeclarations(text: string): boolean {
  return importCallOrMeta(text) || mayNameRequire(text);
}

/**
 * Whether `text` may name `require`: the word ("quire" searched first: a rarer first letter than
 * "r", which the search runs over), or an escape, which may spell it in an identifier
 * (`\u0072equire`, `requ\u{69}re`) and a module's name in a string (`from "\u006dodule"`). Most
 * files do neither, and the text search costs far less than a scope walk for the name.
 */
export function mayNameRequire(text: string): boolean {
  return (text.includes("quire") && REQUIRE.test(text)) || text.includes("\\u");
}

/**
 * What the text of a file tells no-private-imports' gate in a folder outside features of a
 * project without feature folders, `depth` folders below its root, where a relative specifier
 * names a feature folder only if it spells one of `segments` (LexicalReach's Folder.mustName):
 * true when the file may load beyond its declarations (mayLoadBeyondDeclarations); false when,
 * besides, none of its declarations may name a feature folder; undefined when only its
 * declarations can tell (they are read from the syntax tree, which costs more than the text:
 * the tree's nodes lie all over memory, the text in one piece).
 *
 * Without an escape (which may spell any character of a string) a specifier is in the text as
 * written, on one line (mayNameFeatureFolder says what one that may name a feature folder
 * looks like). `createRequire`'s module is looked at where the text spells "createRequire"
 * (its "Require" searched). Anything else (another platform's paths, a folder at
 * the root, segments that cannot be listed) is left to the declarations.
 */
export function declarationsVerdictByText(
  text: string,
  segments: readonly string[] | undefined,
  depth: number,
): boolean | undefined {
  const escaped = text.includes("\\");
  const quire = text.includes("quire");
  if (importCallOrMeta(text) || (quire && REQUIRE.test(text)) || (escaped && text.includes("\\u")))
    return true;
  // `createRequire` (its "Require": a capital letter, rarer than "quire" in "required").
  if (escaped || (quire && text.includes("Require"))) return undefined;
  if (segments === undefined || depth === 0 || !POSIX) return undefined;
  return mayNameFeatureFolder(text, segments, depth) ? undefined : false;
}

/**
 * Whether `text` (with no escape) may hold a specifier that names a feature folder: absolute, or
 * relative with a segment of a feature folder's path (after a `/`: a relative specifier starts
 * with `.` or `..`, and the glob's literal segment is a whole folder's name) or more than `depth`
 * `..` (so at least `depth` of them after a `/`, on its line). Looked for at each `/`, the one
 * character all of them share.
 */
function mayNameFeatureFolder(text: string, segments: readonly string[], depth: number): boolean {
  let lineEnd = -1;
  let ups = 0;
  for (let at = text.indexOf("/"); at !== -1; at = text.indexOf("/", at + 1)) {
    const before = text.charCodeAt(at - 1);
    if ((before === QUOTE || before === APOSTROPHE) && mayBeSpecifierAt(text, at - 1)) return true;
    const after = text.charCodeAt(at + 1);
    for (const segment of segments)
      if (segment.charCodeAt(0) === after && text.startsWith(segment, at + 1)) return true;
    if (after === DOT && text.charCodeAt(at + 2) === DOT) {
      // A specifier lies on one line: `/..` counted line by line, never too few.
      if (at > lineEnd) {
        lineEnd = text.indexOf("\n", at);
        if (lineEnd === -1) lineEnd = text.length;
        ups = 0;
      }
      if (++ups >= depth) return true;
    }
  }
  return false;
}

/**
 * Whether the quote at `at` may open a declaration's specifier: after `from`, `import` or
 * `module` and spaces. A comment, a line break (after a line comment, perhaps) or any other
 * white space before it may hide the keyword: then it may.
 */
function mayBeSpecifierAt(text: string, at: number): boolean {
  let before = at - 1;
  let code = text.charCodeAt(before);
  while (code === SPACE || code === TAB) code = text.charCodeAt((before -= 1));
  if (code === SLASH || code < SPACE || code > 127 || Number.isNaN(code)) return true;
  return (
    (code === LETTER_M && text.startsWith("from", before - 3)) ||
    (code === LETTER_T && text.startsWith("import", before - 5)) ||
    (code === LETTER_E && text.startsWith("module", before - 5))
  );
}

/**
 * `import(` or `import.`, after any occurrence of the word: searched as "mport" (a string search
 * stops at each occurrence of its first letter, and code holds about three times as many "i").
 */
function importCallOrMeta(text: string): boolean {
  for (let found = text.indexOf("mport"); found !== -1; found = text.indexOf("mport", found + 5)) {
    const at = found - 1;
    if (text.charCodeAt(at) !== LETTER_I) continue;
    let next = at + 6;
    let code = text.charCodeAt(next);
    while (code === SPACE || code === TAB) code = text.charCodeAt((next += 1));
    // Most are declarations (`import {`, `import type`): past the spaces, neither `(` nor `.`,
    // no comment's `/`, no other white space (line breaks and non-ASCII ones).
    if (code === SLASH || code < SPACE || code > 127) code = text.charCodeAt(gapEnd(text, next));
    if ((code === PARENTHESIS || code === DOT) && startsWord(text, at)) return true;
  }
  return false;
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
