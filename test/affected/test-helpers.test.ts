// Tests and hooks a function registers run in whichever test file calls it (h3's describeMatrix
// in test/_setup.ts, a file Vitest never runs): a change that reaches them selects the test files
// that call the function. Before, they were units of the helper's own file: agentix selected
// test/_setup.ts alone, and verify passed while every suite using it failed (helper-21 repro-6).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("test-helpers") });
});
afterAll(removeCopies);

/** The tests selected when `file` changes at `line`. */
const selectedBy = (file: string, line: number): string[] =>
  selectionOf(affectedFor(analysis, { path: file, status: "modified", lines: [[line, line]] }));

describe("a hook or test a helper function registers", () => {
  // _setup.ts imports vitest, so it is test code, but Vitest never runs it: no test file of the
  // answer, selected or counted (it was listed, and counted among "4 of 4 test files").
  it("counts the helper among no test files", () => {
    const result = affectedFor(analysis, { path: "src/math.ts", status: "modified" });
    expect(result.tests.total.files).toBe(3);
    expect(selectionOf(result)).not.toContain("test/_setup.ts");
  });

  it("a source function its hook calls: every test file that calls the helper", () => {
    expect(selectedBy("src/math.ts", 2)).toEqual(["test/local.test.ts", "test/math.test.ts"]);
  });

  it("the hook's own body: the test files that call the helper", () => {
    expect(selectedBy("test/_setup.ts", 12)).toEqual(["test/math.test.ts"]);
  });

  it("a describe wrapper's hook, and what it calls: the suites built with it", () => {
    expect(selectedBy("test/_setup.ts", 22)).toEqual(["test/matrix.test.ts"]);
    expect(selectedBy("src/math.ts", 6)).toEqual(["test/local.test.ts", "test/matrix.test.ts"]);
  });
});
