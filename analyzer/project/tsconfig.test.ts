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
});
