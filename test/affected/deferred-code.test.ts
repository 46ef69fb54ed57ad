// A parameter list runs with its function's calls, not with its module: a change to a default
// value (or a parameter's name or type) on a line of its own selects the cases that call the
// function, as a change to its body does. Before, it was module code: every importer's whole
// file (helper-20 saw it on real repositories).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("deferred-code") });
});
afterAll(removeCopies);

/** The tests selected when src/format.ts changes at `line`: `file` or `file:line` each. */
function selectedBy(line: number): string[] {
  const change: FileChange = { path: "src/format.ts", status: "modified", lines: [[line, line]] };
  const result = affectedResult(computeAffected(analysis, [change]), {
    since: null,
    targets: [],
    changes: [change],
  });
  return result.tests.files.flatMap((file) =>
    file.whole ? [file.file] : file.cases.map((testCase) => `${file.file}:${testCase.line}`),
  );
}

describe("a parameter changed on a line of its own", () => {
  it("a function declaration's default value: the cases that call it", () => {
    expect(selectedBy(3)).toEqual(["test/pad.test.ts:4"]);
  });

  it("an arrow function's: the cases that call it", () => {
    expect(selectedBy(10)).toEqual(["test/shout.test.ts:4"]);
  });

  it("a method's: the cases that call it", () => {
    expect(selectedBy(16)).toEqual(["test/greeter.test.ts:4"]);
  });

  it("a parameter's name and type (line 2): the cases that call it", () => {
    expect(selectedBy(2)).toEqual(["test/pad.test.ts:4"]);
  });

  it("the function's name is module code: every importer, whole", () => {
    expect(selectedBy(1)).toEqual([
      "test/greeter.test.ts",
      "test/pad.test.ts",
      "test/shout.test.ts",
    ]);
  });
});
