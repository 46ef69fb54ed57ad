// What no-private-imports' gates read in a file's text: the ways a file may load another other
// than by its import and export declarations (which the gates read from the syntax tree); and
// whether it may name `require`, which import-sites.ts asks before its scope walk for the name.
// Every file is read, so this must be cheap (a few passes of a string search) and sound (never
// false for a file whose loads the full check may report).

import { gapEnd } from "./gaps.js";

const PARENTHESIS = 40;
const DOT = 46;
const SLASH = 47;
const TAB = 9;
const SPACE = 32;

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

/** `import(` or `import.`, after any occurrence of the word. */
function importCallOrMeta(text: string): boolean {
  for (let at = text.indexOf("import"); at !== -1; at = text.indexOf("import", at + 6)) {
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
