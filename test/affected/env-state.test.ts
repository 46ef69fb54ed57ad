// Test cases share process.env: a case that sets a variable through the changed function, and a
// later one that reads it, run together. Before, only the first was selected; verify passed
// while the whole suite failed the second (helper-21 repro-4).
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("env-state") });
});
afterAll(removeCopies);

it("a case that writes process.env runs with the cases that read it, and no other", () => {
  const result = affectedFor(analysis, {
    path: "src/mode.ts",
    status: "modified",
    lines: [[2, 2]],
  });
  expect(selectionOf(result)).toEqual(["test/mode.test.ts:4", "test/mode.test.ts:8"]);
  expect(result.tests.files[0]?.cases.map((testCase) => testCase.reason)).toEqual([
    expect.stringContaining("enableDebug"),
    "shares state process.env with the case at line 4",
  ]);
});
