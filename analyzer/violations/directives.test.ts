import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { directivesOf } from "./directives.js";

const parse = (text: string, name = "x.tsx") =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
const kinds = (text: string) =>
  directivesOf(parse(text)).map(({ kind, rules, line }) => ({ kind, rules, line }));

describe("directivesOf", () => {
  // What looks like a comment in JSX text is text: ESLint reads no directive there (helper-28
  // B2: check silenced what ESLint reported).
  it("reads no directive in JSX text, and the comments around it", () => {
    const rule = "agentix/no-ambient-capabilities";
    expect(
      kinds(`export const a = <p>{Date.now()} /* eslint-disable-line ${rule} */</p>;\n`),
    ).toEqual([]);
    expect(
      kinds(
        `export const b = (\n  <div>\n    // eslint-disable-next-line ${rule}\n    {Math.random()}\n  </div>\n);\n`,
      ),
    ).toEqual([]);
    expect(
      kinds(
        `export const c = (\n  <div>\n    {/* eslint-disable-next-line ${rule} */}\n    {Math.random()}\n  </div>\n); // eslint-disable-line ${rule}\n`,
      ),
    ).toEqual([
      { kind: "disable-next-line", rules: [rule], line: 3 },
      { kind: "disable-line", rules: [rule], line: 6 },
    ]);
  });
});
