import { parse } from "@typescript-eslint/typescript-estree";
import { describe, expect, it } from "vitest";
import { ts } from "./ts-morph.js";
import { commentRangesOf } from "./comment-ranges.js";

/** The comments check finds in `text`, as [start, end) pairs. */
const ours = (text: string, jsx: boolean) =>
  commentRangesOf<ts.Node>(
    ts,
    ts.createSourceFile(
      jsx ? "x.tsx" : "x.ts",
      text,
      ts.ScriptTarget.Latest,
      false,
      jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    ),
  ).map(({ pos, end }) => [pos, end]);

/** The comments ESLint finds in `text` (typescript-eslint's parser, what the rules run on). */
const eslints = (text: string, jsx: boolean) =>
  (parse(text, { comment: true, range: true, jsx }).comments ?? []).map(({ range }) => [...range]);

/** Each shape a comment can take beside tokens that are no node (helper-35: after `,`, `{`). */
const SHAPES: readonly { name: string; text: string; jsx: boolean }[] = (
  [
    ["after a comma", `export const a = { id: f(), // one\n  name: 1 };\n`],
    ["after the last comma", `export const b = { t: f(), /* two */ };\n`],
    ["after an array's comma", `export const c = [\n  1, // three\n  f(),\n];\n`],
    ["after an opening brace", `export function d() { // four\n  return 1;\n}\n`],
    ["in an empty block", `export function e() { // five\n}\ntry { f(); } catch { /* six */ }\n`],
    ["after `=` and `(`", `const g = // seven\n  h( // eight\n  1);\n`],
    ["after keywords", `if (x) return; else // nine\n  y();\nclass K { // ten\n}\n`],
    ["in a regular expression's class", `const r = /[/*]/; // eleven\nconst q = /\\/\\//g;\n`],
    ["in templates", "const t = `a // no ${x /* twelve */} b /* no */ ${y} // no`; // thirteen\n"],
    ["in strings", `const s = "// no"; const u = '/* no */'; // fourteen\n`],
    ["between type tokens", `type T = { a: 1; /* fifteen */ b: 2 } | /* sixteen */ null;\n`],
    ["after a generic's bracket", `const v = f< // seventeen\n  T>(x);\n`],
    ["at the end of the file", `export {}; /* eighteen */\n// nineteen`],
    ["after a shebang", `#!/usr/bin/env node\n// twenty\nexport {};\n`],
    [
      "in JSX",
      `export const j = (\n  <div a="// no" /* twentyone */ b={1}>\n    // no\n    {/* twentytwo */}\n    {x /* twentythree */}\n  </div> // twentyfour\n);\n`,
      true,
    ],
    ["in a template type", "type U = `a${/* twentyfive */ string}b`;\n"],
    ["among decorators", `class C { @d( /* twentysix */ ) // twentyseven\n  m() {} }\n`],
  ] as const
).map(([name, text, jsx]: readonly [string, string, boolean?]) => ({
  name,
  text,
  jsx: jsx === true,
}));

describe("commentRangesOf", () => {
  it.each(SHAPES)("finds every comment ESLint finds, $name", ({ text, jsx }) => {
    const expected = eslints(text, jsx);
    expect(expected.length).toBeGreaterThan(0);
    expect(ours(text, jsx)).toEqual(expected);
  });
});
