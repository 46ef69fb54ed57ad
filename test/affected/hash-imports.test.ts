// A `#` import (package.json `imports`) loads its target under whichever condition the runtime
// matches: Vitest on Node takes `node` where TypeScript resolved `default`. A change to the node
// file selected only the file importing it directly, and verify passed while the test of the
// `#platform` importer failed (helper-21 repro-3).
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("hash-imports") });
});
afterAll(removeCopies);

/** The tests a change to `file` selects, and why the answer widened, if it did. */
function selectedBy(file: string): { tests: string[]; widened: string[] } {
  const result = affectedFor(analysis, { path: file, status: "modified" });
  return { tests: selectionOf(result), widened: result.widened.map((reason) => reason.message) };
}

it("each condition's target counts as imported: the node one and the default one", () => {
  expect(selectedBy("src/platform-node.ts")).toEqual({
    tests: ["test/banner.test.ts", "test/info.test.ts"],
    widened: [],
  });
  expect(selectedBy("src/platform-web.ts")).toEqual({
    tests: ["test/banner.test.ts"],
    widened: [],
  });
});
