// Vite's import.meta.glob loads the files its patterns match: a change to one reaches the file
// that globs it (helper-21 repro-1: a locale imported the ordinary way elsewhere too selected only
// that importer's test, and verify passed while the globbing file's test failed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import {
  copyFixture,
  BUNDLER_TSCONFIG,
  removeCopies,
  writtenProject,
} from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("vite-glob") });
});
afterAll(removeCopies);

/** The tests a change to `file` selects, and why the answer widened, if it did. */
function selectedBy(file: string): { tests: string[]; widened: string[] } {
  const result = affectedFor(analysis, { path: file, status: "modified" });
  return { tests: selectionOf(result), widened: result.widened.map((reason) => reason.message) };
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

  it("a pattern written with an alias, as the tsconfig's `paths` map it", () => {
    expect(selectedBy("src/icons/home.ts")).toEqual({ tests: ["test/icons.test.ts"], widened: [] });
  });

  it("relative patterns under a `base` option start there", () => {
    expect(selectedBy("src/flags/de.ts")).toEqual({ tests: ["test/flags.test.ts"], widened: [] });
  });

  // A project whose src/loader.ts globs as `globCall` says, and a test of it and of another file.
  const changeElsewhereSelects = (globCall: string, name: string): string[] => {
    const root = writtenProject(
      {
        "tsconfig.json": BUNDLER_TSCONFIG,
        "src/vite-env.d.ts":
          "interface ImportMeta { glob<T>(pattern: string, options?: object): Record<string, T>; }\n",
        "src/loader.ts": `const dir = process.argv[2] ?? "./pages";\nexport const loaded = ${globCall};\n`,
        "src/plugins/audit.ts": "export const audit = 1;\n",
        "src/other.ts": "export const other = 1;\n",
        "test/loader.test.ts": 'import { loaded } from "../src/loader.js";\nexport { loaded };\n',
        "test/other.test.ts": 'import { other } from "../src/other.js";\nexport { other };\n',
      },
      name,
    );
    const result = affectedFor(analyze({ root }), { path: "src/other.ts", status: "modified" });
    return selectionOf(result);
  };

  it("an alias no `paths` entry maps: the globbing file is loaded by any change", () => {
    expect(
      changeElsewhereSelects('import.meta.glob("~plugins/*.ts")', "unmapped-glob-alias"),
    ).toEqual(["test/loader.test.ts", "test/other.test.ts"]);
  });

  it("a `base` that is no literal: the globbing file is loaded by any change", () => {
    expect(
      changeElsewhereSelects('import.meta.glob("./*.ts", { base: dir })', "unknown-glob-base"),
    ).toEqual(["test/loader.test.ts", "test/other.test.ts"]);
  });

  it("a literal `base` elsewhere: a change to another file does not reach the globbing file", () => {
    expect(
      changeElsewhereSelects('import.meta.glob("./*.ts", { base: "./plugins" })', "glob-base"),
    ).toEqual(["test/other.test.ts"]);
  });
});
