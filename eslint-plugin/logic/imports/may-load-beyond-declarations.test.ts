import { describe, expect, it } from "vitest";
import { mayLoadBeyondDeclarations as gate } from "./may-load-beyond-declarations.js";

describe("mayLoadBeyondDeclarations (the text half of no-private-imports' gate without feature folders)", () => {
  it.each([
    ['export const m = () => import("./lazy");', "a dynamic import"],
    ['export const m = () => import /* lazy */ ("./lazy");', "a comment before its parenthesis"],
    ["export const m = () => import\n  (name);", "a line break before it"],
    ['export type T = typeof import("./x");', "an import type"],
    ['export type T = import("./x").T;', "an import type's member"],
    ['export const pages = import.meta.glob("./pages/*.ts");', "a glob"],
    ['export const w = new URL("./w.ts", import.meta.url);', "a module URL"],
    ["export const base = import\n  // the module's\n  .meta.url;", "a comment before the dot"],
    ["export const r = (name: string) => require(name);", "require"],
    ['import fs = require("node:fs");', "an import-equals declaration"],
    ['export const pages = require.context("./pages", true);', "a require context"],
    [`export const m = () => import${" ".repeat(200)}("./lazy");`, "200 spaces before it"],
    ['import("./a")', "first in the text"],
    ['export const x = \\u0072equire("./a");', "require spelled with an escape"],
    ['export const x = requ\\u{69}re("./a");', "require spelled with a code point escape"],
    [
      'import { createRequire } from "node:\\u006dodule";',
      "a module's name spelled with an escape",
    ],
  ])("looks at %j (%s)", (text) => {
    expect(gate(text)).toBe(true);
  });

  it.each([
    [
      'import { x } from "./lib/util";\nimport type { Y } from "../y";\nimport "./side";',
      "import declarations",
    ],
    ['export * from "../features/orders/model";', "export declarations (read from the tree)"],
    ["export const check = () => requireAuth();", "a name that starts with require"],
    ["export const x = importantThing();", "a name that starts with import"],
    ["export const x = reimport();", "a name that ends with import"],
    ['export const rules = { "import/no-cycle": "error" };', "a slash after the word"],
    ["// we import the features the app needs\nexport const a = 1;", "the word in prose"],
    ["import", "the word at the end of the text"],
  ])("passes over %j (%s)", (text) => {
    expect(gate(text)).toBe(false);
  });

  // Where one regular expression of every gap threw "Maximum call stack size exceeded".
  it("looks at an import( behind 750,000 comments", () => {
    expect(gate(`export const m = () => import${" // lazy\n".repeat(750_000)}("./lazy");`)).toBe(
      true,
    );
  });

  // Each word is looked ahead of, and each run of comments skipped about once: no rescans.
  it.each([
    ["x import /* ", "imports before unterminated comments"],
    ["x import\n// ", "imports before line comments"],
    ["x import /*/ ", "imports before a comment opening that closes nothing"],
  ])("stays linear on 9 MB of %j (%s)", (unit) => {
    const hostile = unit.repeat(Math.ceil(9_000_000 / unit.length));
    expect(gate(hostile)).toBe(false);
  });

  // The gate looks for each form where a string search finds its word; this is the same
  // judgement as one regular expression over the whole text, so the two must agree on every
  // text, however its pieces are put together.
  it("agrees with a whole-text regular expression on 30,000 texts made of import pieces", () => {
    // A comment ends at its first `*` `/` or line feed, as in the language.
    const gap = String.raw`(?:\s|\/\*(?:(?!\*\/)[^])*\*\/|\/\/[^\n]*\n)*`;
    const reference = new RegExp(String.raw`\bimport${gap}[(.]|\brequire\b`, "u");
    let seed = 2026;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * below);
    };
    const pick = (from: readonly string[]) => from[next(from.length)] as string;
    const some = (from: readonly string[], most: number) =>
      Array.from({ length: next(most + 1) }, () => pick(from)).join("");
    const gaps = [
      " ",
      "\t",
      "\n",
      "\r",
      "\v",
      "\u00a0",
      "\u2028",
      "\ufeff",
      "/* c */",
      "/*",
      "*/",
      "// c\n",
      "//",
      "x",
    ];
    // One construct each (a word, what may stand between, what follows), so no other form
    // decides the answer; then anything.
    const construct = () =>
      pick(["", " ", "x", "_", "$", ";", "\n", ".", "re", "2"]) +
      pick(["import", "require", "requires", "quire", "impor", "importimport"]) +
      some(gaps, 3) +
      pick(["(", "( ", ".", ".meta", '"x', "{", "", "x", "/"]);
    const anything = () =>
      some(
        ["import", "require", "(", ".", '"', "/", "/*", "*/", "//", "\n", " ", "\u00a0", "x"],
        12,
      );
    let looked = 0;
    for (let made = 0; made < 30_000; made += 1) {
      const text = [construct, anything][made % 2]!();
      const expected = reference.test(text);
      if (expected) looked += 1;
      expect([text, gate(text)]).toEqual([text, expected]);
    }
    // Both answers occur often: the agreement is not all one way.
    expect(looked).toBeGreaterThan(5_000);
    expect(looked).toBeLessThan(25_000);
  });
});
