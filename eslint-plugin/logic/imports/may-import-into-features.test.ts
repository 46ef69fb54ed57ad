import { describe, expect, it } from "vitest";
import { mayImportIntoFeatures } from "./may-import-into-features.js";

const SEGMENTS = ["features"];
/** A file two folders below the root: three `..` in a row leave the project. */
const TWO_DOWN = "../../..";
const gate = (text: string, leaveRoot = TWO_DOWN) =>
  mayImportIntoFeatures(text, SEGMENTS, leaveRoot);

describe("mayImportIntoFeatures (no-private-imports' text gate without feature folders)", () => {
  it.each([
    ['import { x } from "./features/orders/model";', "a feature folder's file"],
    ['import { x } from "../features";', "the features folder itself"],
    ['import raw from "./features/orders/a.css?raw";', "a query after the path"],
    ['import styles from "../features?inline";', "a query right after the segment"],
    ['import { x } from ".\\u002Ffeatures/orders/model";', "a slash spelled as an escape"],
    ['import { x } from "..\\/features/orders/model";', "an escaped slash"],
    ['import { x } from "/srv/ledger/src/modules/x";', "an absolute specifier"],
    ['export * from "/srv/ledger/x";', "an absolute re-export"],
    ['import "/srv/ledger/x";', "an absolute side-effect import"],
    ['import { x } from /* why */ "/srv/ledger/x";', "a comment before the specifier"],
    ['import { x } from // why\n  "/srv/ledger/x";', "a line comment before it"],
    ['declare module "/srv/ledger/x" {}', "an augmentation of an absolute module"],
    ['export const w = new URL("/srv/ledger/x.ts", import.meta.url);', "an absolute module URL"],
    [
      'export const m = () => import("./lazy");',
      "a dynamic import (with types, its values come from elsewhere)",
    ],
    ['export const m = () => import /* lazy */ ("./lazy");', "a comment before its parenthesis"],
    ['export type T = typeof import("./x");', "an import type"],
    ["export const r = (name: string) => require(name);", "require"],
    ['import { createRequire } from "node:module";', "module, which creates a require"],
    [
      'import { x } from "../../../ledger/src/modules/x";',
      "more `..` in a row than the folder is deep",
    ],
    ['import { x } from "../../x/../../ledger/x";', "a `..` after another segment"],
    ["/./../ledger/x", "a `..` after `.`, first in the text"],
    [
      `import { x } from /* ${"why ".repeat(300)} */ "/srv/ledger/x";`,
      "a comment of 1,200 characters",
    ],
  ])("looks at %j (%s)", (text) => {
    expect(gate(text)).toBe(true);
  });

  it.each([
    [
      'export const href = "/documents";\nexport const a = <a href="/settings/teams" />;',
      "routes and hrefs",
    ],
    [
      'import { x } from "./lib/util";\nimport { y } from "../util";',
      "imports that stay below the root",
    ],
    [
      'import { useFeatures } from "../hooks";\nconst featuresList = ["a"];',
      "the word inside an identifier",
    ],
    ['// the features of the app\nexport const title = "Our features: fast";', "the word in prose"],
    ["export const check = () => requireAuth();", "a name that starts with require"],
    ['import { module } from "./config";\nexport const m = module;', "module as a name"],
    ["export const f = (props: object) => ({ ...props });", "spread syntax, two folders down"],
  ])("passes over %j (%s)", (text) => {
    expect(gate(text)).toBe(false);
  });

  it("looks at any `..` in a file of the root folder, where one leaves the project", () => {
    expect(gate('import { x } from "../ledger/x";', "..")).toBe(true);
    expect(gate("export const f = (p: object) => ({ ...p });", "..")).toBe(true);
    expect(gate('import { x } from "./lib/x";', "..")).toBe(false);
  });

  it("matches every segment a layout has, escaped as text", () => {
    const two = ["modules", "domain.v2"];
    expect(mayImportIntoFeatures('import x from "../domain.v2/a";', two, TWO_DOWN)).toBe(true);
    expect(mayImportIntoFeatures('import x from "../domainxv2/a";', two, TWO_DOWN)).toBe(false);
    expect(mayImportIntoFeatures('import x from "./modules";', two, TWO_DOWN)).toBe(true);
  });

  // Unbounded, each `from /*` scanned to the end of the text: minutes here, past the test timeout.
  it("stays linear on hostile text: unterminated comments after `from`, 9 MB of them", () => {
    const hostile = 'const s = "from /* from // ";\n'.repeat(300_000);
    expect(hostile.length).toBe(9_000_000);
    expect(gate(hostile)).toBe(false);
  });

  // Where one regular expression of every gap threw "Maximum call stack size exceeded".
  it("looks at an import( behind 750,000 comments", () => {
    expect(gate(`export const m = () => import${" // lazy\n".repeat(750_000)}("./lazy");`)).toBe(
      true,
    );
  });

  // Each word is looked ahead of, and each run of comments skipped about once: no rescans.
  it.each([
    ['x /*/ "/ ', "quotes and slashes after comment openings"],
    ["x */ '/ ", "quotes and slashes after comment closings"],
    ["x import /* ", "imports before unterminated comments"],
    ["x import\n// ", "imports before line comments"],
  ])("stays linear on 9 MB of %j (%s)", (unit) => {
    const hostile = unit.repeat(Math.ceil(9_000_000 / unit.length));
    expect(gate(hostile)).toBe(false);
  });

  // The gate looks for each form where a string search finds its word; this is the same
  // judgement as one regular expression per form over the whole text (what it replaced, but
  // for the regular expression's bounds on comments), so the two must agree on every text,
  // however its pieces are put together.
  it("agrees with the whole-text regular expressions on 30,000 texts made of import pieces", () => {
    // A comment ends at its first `*` `/` or line feed, as in the language.
    const gap = String.raw`(?:\s|\/\*(?:(?!\*\/)[^])*\*\/|\/\/[^\n]*\n)*`;
    const quote = "[\"'`]";
    const otherwise = new RegExp(
      String.raw`\b(?:from|import|module)${gap}${quote}\/|\bURL${gap}\(${gap}${quote}\/|\bimport${gap}\(|\brequire\b|${quote}(?:node:)?module${quote}`,
      "u",
    );
    const upAfterDown = /[^.]\/\.\.|\/\.\/\.\./u;
    const reference = (text: string, leaveRoot: string): boolean =>
      /(?:[\/"'`\\]|\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\}|\\x[\da-fA-F]{2})features[\/"'`\\?#]/u.test(
        text,
      ) ||
      text.includes(leaveRoot) ||
      upAfterDown.test(text) ||
      otherwise.test(text);
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
    // decides the answer; then runs of path pieces; then anything.
    const construct = () =>
      pick(["", " ", "x", "_", "$", ";", "\n", "re", "2"]) +
      pick(["import", "from", "module", "URL", "require", "requires", "quire", "dule", "impor"]) +
      some(gaps, 3) +
      pick([
        "(",
        "( ",
        '"/',
        "'/",
        "`/",
        '"x',
        "( '/",
        "(/* c */`/",
        '"node:module"',
        "'module'",
        "",
        "x",
      ]);
    const path = () => some(["..", ".", "x", "/", '"', "'", "features", "feature"], 10);
    const anything = () =>
      some(
        [
          "import",
          "from",
          "module",
          "URL",
          "require",
          "(",
          '"',
          "'",
          "`",
          "/",
          "/*",
          "*/",
          "//",
          "\n",
          " ",
          "\u00a0",
          ".",
          "..",
          "x",
          "features",
          "\\",
        ],
        12,
      );
    let looked = 0;
    for (let made = 0; made < 30_000; made += 1) {
      const text = [construct, path, anything][made % 3]!();
      const leaveRoot = next(3) === 0 ? ".." : TWO_DOWN;
      const expected = reference(text, leaveRoot);
      if (expected) looked += 1;
      expect([text, mayImportIntoFeatures(text, SEGMENTS, leaveRoot)]).toEqual([text, expected]);
    }
    // Both answers occur often: the agreement is not all one way.
    expect(looked).toBeGreaterThan(5_000);
    expect(looked).toBeLessThan(25_000);
  });
});
