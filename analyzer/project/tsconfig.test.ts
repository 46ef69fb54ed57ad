import { describe, expect, it } from "vitest";
import { problemLines, type LoadProblem } from "./tsconfig.js";

const notAnalysed = (file: string, owner: string): LoadProblem => ({
  code: "test-not-analysed",
  severity: "warning",
  message: `a test the analysed tsconfig leaves out and ${owner} owns: it is not analysed (pass that tsconfig with --project to analyse it)`,
  file,
  line: null,
  column: null,
  owner,
});
const deprecated: LoadProblem = {
  code: "TS5101",
  severity: "warning",
  message: "Option 'baseUrl' is deprecated. (TS5101)",
  file: "tsconfig.json",
  line: 3,
  column: 5,
};

describe("problemLines", () => {
  // agentix's own repository: 55 such lines for its example apps and fixtures.
  it("gives the tests one tsconfig owns one line from three on, where the first of them stood", () => {
    const owned = ["a", "b", "c", "d"].map((name) =>
      notAnalysed(`fixtures/app/${name}.test.ts`, "fixtures/app/tsconfig.json"),
    );
    const two = ["x", "y"].map((name) =>
      notAnalysed(`other/${name}.test.ts`, "other/tsconfig.json"),
    );
    expect(problemLines([deprecated, owned[0]!, two[0]!, ...owned.slice(1), two[1]!])).toEqual([
      "warning: tsconfig.json:3:5: Option 'baseUrl' is deprecated. (TS5101)",
      "warning: 4 tests the analysed tsconfig leaves out and fixtures/app/tsconfig.json owns are not analysed (pass that tsconfig with --project to analyse them): fixtures/app/a.test.ts, fixtures/app/b.test.ts, fixtures/app/c.test.ts, and 1 more",
      `warning: other/x.test.ts: ${two[0]!.message}`,
      `warning: other/y.test.ts: ${two[1]!.message}`,
    ]);
  });

  it("gives the tests of four or more tsconfigs one line, the owners with the most first", () => {
    const owners = ["a", "b", "c", "d"];
    const problems = owners.flatMap((owner, at) =>
      Array.from({ length: at + 1 }, (_, n) =>
        notAnalysed(`${owner}/t${n}.test.ts`, `${owner}/tsconfig.json`),
      ),
    );
    expect(problemLines([deprecated, ...problems, deprecated])).toEqual([
      "warning: tsconfig.json:3:5: Option 'baseUrl' is deprecated. (TS5101)",
      "warning: 10 tests the analysed tsconfig leaves out are not analysed: 4 other tsconfigs own them, d/tsconfig.json (4), c/tsconfig.json (3), b/tsconfig.json (2), and 1 more (pass one with --project to analyse its tests; agentix check lists each test)",
      "warning: tsconfig.json:3:5: Option 'baseUrl' is deprecated. (TS5101)",
    ]);
  });

  // next-forge: every package's own tsconfig sets `baseUrl`; 23 copies of one warning.
  it("gives one message found in three or more places one line, where the first stood", () => {
    const at = (file: string, line: number): LoadProblem => ({ ...deprecated, file, line });
    const places = ["a", "b", "c", "d", "e"].map((name) => at(`${name}/tsconfig.json`, 4));
    const other = { ...deprecated, message: "Option 'charset' is deprecated. (TS5101)" };
    expect(
      problemLines([other, ...places.slice(0, 2), other, places[0]!, ...places.slice(2)]),
    ).toEqual([
      "warning: tsconfig.json:3:5: Option 'charset' is deprecated. (TS5101)",
      "warning: a/tsconfig.json:4:5, b/tsconfig.json:4:5, c/tsconfig.json:4:5, and 2 more places: Option 'baseUrl' is deprecated. (TS5101)",
      "warning: tsconfig.json:3:5: Option 'charset' is deprecated. (TS5101)",
    ]);
    expect(problemLines(places.slice(0, 3))).toEqual([
      "warning: a/tsconfig.json:4:5, b/tsconfig.json:4:5, c/tsconfig.json:4:5: Option 'baseUrl' is deprecated. (TS5101)",
    ]);
    expect(problemLines(places.slice(0, 2))).toEqual(
      places.slice(0, 2).map((problem) => `warning: ${problem.file}:4:5: ${problem.message}`),
    );
  });
});
