// A `#` import (package.json `imports`) loads its target under whichever condition the runtime
// matches: Vitest on Node takes `node` where TypeScript resolved `default`. A change to the node
// file selected only the file importing it directly, and verify passed while the test of the
// `#platform` importer failed (helper-21 repro-3).
import { writeFileSync } from "node:fs";
import path from "node:path";
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

// helper-21 repro-2: `#platform` mapped by Vitest's resolve.alias alone, which TypeScript does not
// know. The import leads nowhere agentix can follow, so what imports it runs with any change.
it("an import that resolves nowhere: the tests loading its file run with any change, and a note says so", () => {
  const root = copyFixture("hash-imports");
  writeFileSync(
    path.join(root, "src/aliased.ts"),
    'import { platform } from "#elsewhere";\n\nexport const where = (): string => platform;\n',
  );
  writeFileSync(
    path.join(root, "test/aliased.test.ts"),
    'import { expect, test } from "vitest";\nimport { where } from "../src/aliased.ts";\n\ntest("where", () => {\n  expect(where()).toBe("node");\n});\n',
  );
  const aliased = analyze({ root });
  const result = affectedFor(aliased, { path: "src/platform-node.ts", status: "modified" });
  expect(selectionOf(result)).toEqual([
    "test/aliased.test.ts",
    "test/banner.test.ts",
    "test/info.test.ts",
  ]);
  expect(result.notes).toContain(
    'src/aliased.ts:1: "#elsewhere" cannot be resolved to a file: the tests that load src/aliased.ts run with any change',
  );
});
