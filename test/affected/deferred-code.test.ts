// A parameter list runs with its function's calls, not with its module: a change to a default
// value (or a parameter's name or type) on a line of its own selects the cases that call the
// function, as a change to its body does. Before, it was module code: every importer's whole
// file (helper-20 saw it on real repositories).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("deferred-code") });
});
afterAll(removeCopies);

/** The tests selected when src/format.ts changes at `line`. */
const selectedBy = (line: number): string[] =>
  selectionOf(
    affectedFor(analysis, { path: "src/format.ts", status: "modified", lines: [[line, line]] }),
  );

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

  // Parameter decorators run when the class is defined, as its module loads.
  it("a decorated parameter list is module code: every importer, whole", () => {
    const everyImporter = ["test/greeter.test.ts", "test/pad.test.ts", "test/shout.test.ts"];
    expect(selectedBy(28)).toEqual(everyImporter);
    expect(selectedBy(29)).toEqual(everyImporter);
  });
});
