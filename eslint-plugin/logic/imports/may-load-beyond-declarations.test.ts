import { parse } from "@typescript-eslint/typescript-estree";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { describe, expect, it } from "vitest";
import {
  declarationsVerdictByText,
  mayLoadBeyondDeclarations as gate,
} from "./may-load-beyond-declarations.js";

/** Deterministic random choices (a linear congruential generator from `seed`). */
function seededPicks(seed: number) {
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * below);
  };
  const pick = (from: readonly string[]) => from[next(from.length)] as string;
  const some = (from: readonly string[], most: number) =>
    Array.from({ length: next(most + 1) }, () => pick(from)).join("");
  return { next, pick, some };
}

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
    const { pick, some } = seededPicks(2026);
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

describe("declarationsVerdictByText (no-private-imports' gate outside features, none existing)", () => {
  // src/app/main.ts: two folders below the root, every feature folder under a `features` folder.
  const verdict = (text: string, depth = 2) => declarationsVerdictByText(text, ["features"], depth);
  const plain = 'import { a } from "../a";\nexport * from "./b";\nimport { z } from "zod";\n';

  it("turns away a file whose text shows no load and no specifier that may name a feature folder", () => {
    expect(verdict(plain)).toBe(false);
    // Only what may be a specifier counts: a route, a path in a string, the segment in a word or
    // after no slash, `..` on separate lines, a quote and slash after another word.
    expect(
      verdict(
        `${plain}export const href = { path: "/settings" };\nconst f = "features";\nconst featuresList = [];\n` +
          `const a = "../x";\nconst b = "../y";\nconst c = ["x", "/y"];\nconst d = x("/z") + y('/w');\n`,
      ),
    ).toBe(false);
    // A word holding "quire" is not createRequire.
    expect(verdict(`${plain}export const schema = z.string().required();\n`)).toBe(false);
    // One `..` fewer than the folder's depth cannot leave the project.
    expect(verdict('import { u } from "../../x";\n', 2)).toBe(false);
  });

  it.each([
    ['import { m } from "../features/orders/model";', "a segment after a slash"],
    ['export * from "./features/orders";', "a segment in an export"],
    ['declare module "./features/orders" {}', "a segment in a module augmentation"],
    ['import { m } from "/srv/app/x";', "an absolute specifier"],
    ["import { m } from '/srv/app/x';", "in single quotes"],
    ['import "/srv/app/x";', "an absolute side-effect import"],
    ['export { m } from"/srv/app/x";', "with no space"],
    ['declare module "/srv/app/x" {}', "an absolute module augmentation"],
    ['import { m } from /* where */ "/srv/app/x";', "after a comment"],
    ['import { m } from // where\n  "/srv/app/x";', "after a line comment"],
    ['import { m } from\u00a0"/srv/app/x";', "after a non-ASCII space"],
    ['import { m } from "../../../x";', "more `..` than the folder is deep"],
    ['import { m } from "./x/../../../y";', "`..` after another segment"],
    ['import { createRequire } from "node:module";', "createRequire's module"],
    ['import { "createRequire" as make } from "module";', "createRequire named by a string"],
    ['import { m } from "\\x2e./features/x";', "an escape"],
    ['import { m } from "./fea\\\ntures/x";', "a line continuation"],
  ])("reads the declarations of %j (%s)", (code) => {
    expect(verdict(`${plain}${code}\n`)).toBe(undefined);
  });

  it("leaves to the declarations a folder at the root, unknown segments", () => {
    expect(verdict(plain, 0)).toBe(undefined);
    expect(declarationsVerdictByText(plain, undefined, 2)).toBe(undefined);
  });

  it.each([
    ['export const m = () => import("./lazy");', "a dynamic import"],
    ['export const w = new URL("./w.ts", import.meta.url);', "a module URL"],
    ['export const x = require("./a");', "require"],
    ['export const x = \\u0072equire("./a");', "require spelled with an escape"],
  ])("lets the listeners look at %j (%s)", (code) => {
    expect(verdict(`${plain}${code}\n`)).toBe(true);
  });

  // Each `/` is looked at once, each quote's white space once, each line's end found once.
  it.each([
    ["from  x/..\t", "`/..` on one endless line"],
    ["a/b 'x' ", "slashes and quotes apart"],
    ["x\t\t\t'a'/", "a quote and slash after tabs and a word"],
  ])("stays linear on 9 MB of %j (%s)", (unit) => {
    const hostile = unit.repeat(Math.ceil(9_000_000 / unit.length));
    expect(declarationsVerdictByText(hostile, ["features"], 1_000_000_000)).toBe(false);
  });

  // The verdict is sound if every specifier by which the full check may report is caught:
  // absolute, or with the segment as a folder's name, or with more `..` than the folder is
  // deep (the only ways into a feature folder when the project has none). Declarations are
  // put together from pieces, parsed, and each specifier judged from the syntax tree.
  it("never turns away a file with a specifier that may name a feature folder (12,000 texts)", () => {
    const { next, pick, some } = seededPicks(7);
    const segment = () =>
      pick([
        "x",
        "..",
        ".",
        "features",
        "featuresx",
        "my-features",
        "\\x2e\\x2e",
        "\\/",
        "\\u002e",
      ]);
    const specifier = () =>
      pick([".", "..", "/", "", "./", "../"]) +
      Array.from({ length: next(5) }, segment).join(pick(["/", "/", "/", "//"]));
    const gap = () => some([" ", "\t", "\n", "/* c */", "// c\n", "\u00a0"], 2) || " ";
    const declaration = () => {
      const quote = pick(['"', "'"]);
      const literal = `${quote}${specifier()}${quote}`;
      return pick([
        `import { a } from${gap()}${literal};`,
        `import${gap()}${literal};`,
        `export * from${gap()}${literal};`,
        `export { a } from${gap()}${literal};`,
        `declare module${gap()}${literal} {}`,
        `const s = ${literal};`,
      ]);
    };
    const specifiers = (program: TSESTree.Program): string[] =>
      program.body.flatMap((statement) => {
        if (
          statement.type === AST_NODE_TYPES.ImportDeclaration ||
          statement.type === AST_NODE_TYPES.ExportAllDeclaration ||
          (statement.type === AST_NODE_TYPES.ExportNamedDeclaration && statement.source)
        )
          return [statement.source!.value];
        if (
          statement.type === AST_NODE_TYPES.TSModuleDeclaration &&
          statement.id.type === AST_NODE_TYPES.Literal
        )
          return [statement.id.value];
        return [];
      });
    const mayName = (value: string, depth: number) => {
      const folders = value.split("/");
      return (
        value.startsWith("/") ||
        folders.includes("features") ||
        folders.filter((folder) => folder === "..").length > depth
      );
    };
    let named = 0;
    let turnedAway = 0;
    for (let made = 0; made < 12_000; made += 1) {
      const text = Array.from({ length: 1 + next(3) }, declaration).join("\n");
      let program: TSESTree.Program;
      try {
        program = parse(text, { range: true });
      } catch {
        continue; // a comment that swallowed the rest, or the like
      }
      const depth = 1 + next(3);
      const answer = verdict(text, depth);
      if (answer === false) turnedAway += 1;
      if (specifiers(program).some((value) => mayName(value, depth))) {
        named += 1;
        expect([text, depth, answer]).not.toEqual([text, depth, false]);
      }
    }
    // Both kinds of texts occur often.
    expect(named).toBeGreaterThan(2_000);
    expect(turnedAway).toBeGreaterThan(1_000);
  });
});
