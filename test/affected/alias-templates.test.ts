// An import()/require() whose target is a template that starts with an alias
// (`require(`@/locales/${locale}.json`)`, formbricks' email translations) loads what the alias's
// folder holds, as the tsconfig's `paths` map it, webpack and Vite alike: before, it was a loader
// of an unknown target, so every change selected the tests of every file that reaches it. (A
// file it loads is loaded when the function calls it: by the test case that calls it.)
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    resolveJsonModule: true,
    types: [],
    paths: { "@/*": ["./src/*"], "@out/*": ["../elsewhere/*"] },
  },
  include: ["src", "test"],
});

/** A project whose src/email.ts loads `target`; the tests a change to `changed` selects. */
function selectedBy(target: string, changed: string, name: string) {
  const root = writtenProject(
    {
      "tsconfig.json": TSCONFIG,
      "src/require.d.ts": "declare function require(id: string): unknown;\n",
      "src/email.ts": `export const messages = (locale: string): unknown => ${target};\n`,
      "src/locales/en.json": '{ "hello": "Hello" }\n',
      "src/locales/en.ts": "export const hello = 'Hello';\n",
      "src/model.ts": "export const model = 1;\n",
      "test/email.test.ts":
        'import { it } from "vitest";\nimport { messages } from "../src/email.js";\n\nit("greets", () => messages("en"));\n',
      "test/model.test.ts": 'import { model } from "../src/model.js";\nexport { model };\n',
    },
    name,
  );
  const result = affectedFor(analyze({ root }), { path: changed, status: "modified" });
  return { tests: selectionOf(result), notes: result.notes };
}

describe("a loader whose target is a template of an alias", () => {
  it("is not loaded by a change outside the alias's folder", () => {
    expect(
      selectedBy("require(`@/locales/${locale}.json`)", "src/model.ts", "alias-template"),
    ).toEqual({
      tests: ["test/model.test.ts"],
      notes: [],
    });
  });

  it("is loaded by a change to a file its pattern matches, JSON or TypeScript", () => {
    expect(
      selectedBy(
        "require(`@/locales/${locale}.json`)",
        "src/locales/en.json",
        "alias-template-json",
      ).tests,
    ).toEqual(["test/email.test.ts"]);
    expect(
      selectedBy('import("@/locales/" + locale)', "src/locales/en.ts", "alias-template-ts").tests,
    ).toEqual(["test/email.test.ts"]);
  });

  it("an alias whose `paths` lead out of the project loads none of its files, and is no unknown loader", () => {
    expect(
      selectedBy("import(`@out/${locale}.js`)", "src/model.ts", "alias-template-outside"),
    ).toEqual({ tests: ["test/model.test.ts"], notes: [] });
  });

  it("an alias no `paths` entry maps, or a package's folder: loaded by any change, as before", () => {
    for (const [target, name] of [
      ["import(`~/locales/${locale}.json`)", "unmapped-alias-template"],
      ["import(`some-package/${locale}.js`)", "package-template"],
    ] as const) {
      const { tests, notes } = selectedBy(target, "src/model.ts", name);
      expect(tests).toEqual(["test/email.test.ts", "test/model.test.ts"]);
      expect(notes).toEqual([
        'src/email.ts:1: import() with a non-literal target: the module it loads cannot be known statically: the tests that load src/email.ts run with any change (agentix.config.json "loads" can say what it loads)',
      ]);
    }
  });
});
