// Vite's import.meta.glob loads the files its patterns match: a change to one reaches the file
// that globs it (helper-21 repro-1: a locale imported the ordinary way elsewhere too selected only
// that importer's test, and verify passed while the globbing file's test failed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("vite-glob") });
});
afterAll(removeCopies);

function selectedBy(file: string): { tests: string[]; widened: string[] } {
  const change: FileChange = { path: file, status: "modified" };
  const result = affectedResult(computeAffected(analysis, [change]), {
    since: null,
    targets: [file],
    changes: [change],
  });
  return {
    tests: result.tests.files.map((test) => test.file),
    widened: result.widened.map((reason) => reason.message),
  };
}

describe("import.meta.glob", () => {
  it("a globbed file also imported the ordinary way: both importers' tests", () => {
    expect(selectedBy("src/locales/en.ts")).toEqual({
      tests: ["test/default-locale.test.ts", "test/i18n.test.ts"],
      widened: [],
    });
  });

  it("a file only a glob loads: the globbing file's tests, not everything", () => {
    expect(selectedBy("src/locales/fr.ts")).toEqual({ tests: ["test/i18n.test.ts"], widened: [] });
  });

  it("a root-relative, recursive pattern in an array", () => {
    expect(selectedBy("src/themes/dark/colors.ts")).toEqual({
      tests: ["test/themes.test.ts"],
      widened: [],
    });
  });
});
