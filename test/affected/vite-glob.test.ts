// Vite's import.meta.glob loads the files its patterns match: a change to one reaches the file
// that globs it (helper-21 repro-1: a locale imported the ordinary way elsewhere too selected only
// that importer's test, and verify passed while the globbing file's test failed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { copyFixture, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

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

  it("an alias no `paths` entry maps: the globbing file is loaded by any change", () => {
    const root = writtenProject(
      {
        "tsconfig.json": JSON.stringify({
          compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true },
          include: ["src", "test"],
        }),
        "src/vite-env.d.ts":
          "interface ImportMeta { glob<T>(pattern: string): Record<string, T>; }\n",
        "src/plugins.ts": 'export const plugins = import.meta.glob("~plugins/*.ts");\n',
        "src/plugins/audit.ts": "export const audit = 1;\n",
        "src/other.ts": "export const other = 1;\n",
        "test/plugins.test.ts":
          'import { plugins } from "../src/plugins.js";\nexport { plugins };\n',
        "test/other.test.ts": 'import { other } from "../src/other.js";\nexport { other };\n',
      },
      "unmapped-glob-alias",
    );
    const unmapped = analyze({ root });
    const result = affectedFor(unmapped, { path: "src/other.ts", status: "modified" });
    expect(selectionOf(result)).toEqual(["test/other.test.ts", "test/plugins.test.ts"]);
  });
});
