import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@typescript-eslint/typescript-estree";
import { describe, expect, it } from "vitest";
import { ts } from "./ts-morph.js";
import { commentRangesOf } from "./comment-ranges.js";

// Every TypeScript file of this repository (its sources, tests, examples and fixtures, real
// code's shapes among them): check finds exactly the comments ESLint finds, so a directive
// ESLint honours is one check honours. comment-ranges.test.ts holds the shapes; this, the mass.
const files = ["runtime", "analyzer", "eslint-plugin", "schema", "scripts", "examples", "test"]
  .flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" }).map((name) =>
      path.join(folder, name),
    ),
  )
  .filter((file) => /\.[cm]?tsx?$/u.test(file) && !/(^|\/)(node_modules|dist)\//u.test(file))
  .sort();

describe("commentRangesOf on this repository's files", () => {
  it("finds the comments ESLint finds in every file it parses", () => {
    expect(files.length).toBeGreaterThan(500);
    const differ: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const jsx = file.endsWith(".tsx");
      let expected: number[][];
      try {
        expected = (parse(text, { comment: true, range: true, jsx }).comments ?? []).map(
          ({ range }) => [...range],
        );
      } catch {
        continue; // a fixture that is a syntax error on purpose
      }
      const kind = jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
      const found = commentRangesOf<ts.Node>(ts, sourceFile).map(({ pos, end }) => [pos, end]);
      if (JSON.stringify(found) !== JSON.stringify(expected)) differ.push(file);
    }
    expect(differ).toEqual([]);
  });
});
