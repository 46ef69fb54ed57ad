// `declare const require: ...` (a file that does without @types/node or @types/webpack-env)
// binds nothing at run time: the calls are the global require's, and what they load reaches the
// tests. Before, the analyzer took the declaration for a local function: a change to a file that
// a template require loads selected no test at all.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

/**
 * A project whose feature "mail" holds email.ts, written as `email`, a locale and a model (in a
 * feature: a file no one imports selects nothing, where shared code would select every test);
 * the tests a change to `changed` (below the feature's folder) selects, and why.
 */
function selectedBy(email: string, changed: string, name: string) {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/features/mail/email.ts": email,
      "src/features/mail/locales/en.ts": "export const hello = 'Hello';\n",
      "src/features/mail/model.ts": "export const model = 1;\n",
      "test/email.test.ts":
        'import { it } from "vitest";\nimport { messages } from "../src/features/mail/email.js";\n\nit("greets", () => messages("en"));\n',
      "test/model.test.ts":
        'import { model } from "../src/features/mail/model.js";\nexport { model };\n',
    },
    name,
  );
  const result = affectedFor(analyze({ root }), {
    path: `src/features/mail/${changed}`,
    status: "modified",
  });
  return { tests: selectionOf(result), notes: result.notes };
}

const LOADS = "export const messages = (locale: string): unknown =>";

describe("a require only declared in the file is the global require", () => {
  it("`declare const`: a file its template loads reaches the test that calls it", () => {
    expect(
      selectedBy(
        `declare const require: (id: string) => unknown;\n${LOADS} require(\`./locales/\${locale}\`);\n`,
        "locales/en.ts",
        "declared-const-require",
      ),
    ).toEqual({ tests: ["test/email.test.ts"], notes: [] });
  });

  it("`declare function`, a target no one can know: its tests run with any change, and say why", () => {
    expect(
      selectedBy(
        `declare function require(id: string): unknown;\n${LOADS} require(locale);\n`,
        "model.ts",
        "declared-function-require",
      ),
    ).toEqual({
      tests: ["test/email.test.ts", "test/model.test.ts"],
      notes: [
        'src/features/mail/email.ts:2: require() with a non-literal target: the module it loads cannot be known statically: the tests that load src/features/mail/email.ts run with any change (agentix.config.json "loads" can say what it loads)',
      ],
    });
  });

  it("`declare var` with webpack's context() of a folder no one can know: its tests run with any change", () => {
    expect(
      selectedBy(
        `declare var require: { context(dir: string): unknown };\n${LOADS} require.context(locale);\n`,
        "model.ts",
        "declared-var-require-context",
      ),
    ).toEqual({
      tests: ["test/email.test.ts", "test/model.test.ts"],
      notes: [
        "src/features/mail/email.ts:2: require.context() of a folder that is no literal: what it loads cannot be known: the tests that load src/features/mail/email.ts run with any change",
      ],
    });
  });

  it("a require the file defines is its own function: what it is called with loads nothing", () => {
    expect(
      selectedBy(
        `function require(id: string): unknown {\n  return id;\n}\n${LOADS} require(\`./locales/\${locale}\`);\n`,
        "locales/en.ts",
        "defined-require",
      ),
    ).toEqual({ tests: [], notes: [] });
  });
});
