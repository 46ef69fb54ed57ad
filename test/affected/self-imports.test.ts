// test/fixtures/self-import: tests that import the library by its own package name (`mylib`,
// `mylib/math`), which package.json `exports` maps to dist/, built from src/. TypeScript
// resolves them to nothing before a build: a change to src/math.ts selected no test but the one
// importing the source directly.
import { afterAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

let analysis: Analysis | undefined;
const analysed = () => (analysis ??= analyze({ root: copyFixture("self-import") }));

function testsFor(path: string): string[] {
  const changes: FileChange[] = [{ path, status: "modified" }];
  const result = affectedResult(computeAffected(analysed(), changes), {
    since: null,
    targets: [path],
    changes,
  });
  expect(result.widened).toEqual([]);
  return result.tests.files.map(({ file, reason }) => `${file}: ${reason}`);
}

describe("a test importing its own package by name", () => {
  it("loads the sources its exports' build stands for", () => {
    expect(testsFor("src/math.ts")).toEqual([
      "test/index.test.ts: imports src/index.ts; imports src/math.ts; changed",
      "test/math.test.ts: imports src/math.ts; changed",
      "test/src.test.ts: imports src/index.ts; imports src/math.ts; changed",
    ]);
  });

  it("through the subpath it names only", () => {
    expect(testsFor("src/index.ts")).toEqual([
      "test/index.test.ts: imports src/index.ts; changed",
      "test/src.test.ts: imports src/index.ts; changed",
    ]);
  });
});
