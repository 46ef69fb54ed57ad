// Require functions besides a plain call of the global `require`, whose loads reach the tests:
// - `declare const require: ...` (a file that does without @types/node or @types/webpack-env)
//   binds nothing at run time: the calls are the global require's. Before, the analyzer took the
//   declaration for a local function: a change to a file such a require loads selected no test.
// - node's `createRequire(url)` makes a require: before, what its calls load was no edge at all.
// - a require function handed on, or called through `.call`, loads what cannot be known.
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

const CREATE = 'import { createRequire } from "node:module";\n';
const LOCALE_NOTE = (line: number, form = "require()") =>
  `src/features/mail/email.ts:${line}: ${form} with a non-literal target: the module it loads cannot be known statically: the tests that load src/features/mail/email.ts run with any change (agentix.config.json "loads" can say what it loads)`;

describe("a require that createRequire made", () => {
  it("loads what its calls name, a literal or a template, as the global require does", () => {
    for (const [email, name] of [
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} load("./locales/en");\n`,
        "created-literal",
      ],
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} load(\`./locales/\${locale}\`);\n`,
        "created-template",
      ],
      [
        `${CREATE}${LOADS} createRequire(import.meta.url)("./locales/en");\n`,
        "created-called-at-once",
      ],
      [
        `import module from "node:module";\nconst load = (module.createRequire(import.meta.url) as NodeRequire);\n${LOADS} load("./locales/en");\n`,
        "created-from-default-import",
      ],
      [
        `import * as m from "module";\nconst require = m.createRequire(import.meta.url);\n${LOADS} require("./locales/en");\n`,
        "created-named-require",
      ],
    ] as const)
      expect(selectedBy(email, "locales/en.ts", name), name).toEqual({
        tests: ["test/email.test.ts"],
        notes: [],
      });
  });

  it("handed to other modules, kept in a `let` or called through .call: its loads are unknown", () => {
    for (const [email, name, line] of [
      [
        `${CREATE}export const load = createRequire(import.meta.url);\n${LOADS} load;\n`,
        "created-exported",
        2,
      ],
      [
        `${CREATE}let load = createRequire(import.meta.url);\n${LOADS} load("./model");\n`,
        "created-in-let",
        2,
      ],
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} load.call(null, locale);\n`,
        "created-call",
        3,
      ],
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} [load][0];\n`,
        "created-in-array",
        3,
      ],
    ] as const)
      expect(selectedBy(email, "model.ts", name), name).toEqual({
        tests: ["test/email.test.ts", "test/model.test.ts"],
        notes: [LOCALE_NOTE(line)],
      });
  });

  it("its members read, its type named, taken apart: it loads nothing", () => {
    for (const [email, name] of [
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} load.resolve("./x") + typeof load;\nexport type Load = typeof load;\n`,
        "created-members",
      ],
      [
        `${CREATE}const { resolve } = createRequire(import.meta.url);\n${LOADS} resolve("./x");\n`,
        "created-taken-apart",
      ],
      [
        `${CREATE}const load = createRequire(import.meta.url);\n${LOADS} ({ load: 1 }).load;\n`,
        "created-name-as-key",
      ],
    ] as const)
      expect(selectedBy(email, "model.ts", name), name).toEqual({
        tests: ["test/model.test.ts"],
        notes: [],
      });
  });
});

describe("the global require, other than called", () => {
  it("handed on or called through .call: its loads are unknown; a member read loads nothing", () => {
    expect(
      selectedBy(`export const load = require;\n${LOADS} load;\n`, "model.ts", "require-handed-on"),
    ).toEqual({
      tests: ["test/email.test.ts", "test/model.test.ts"],
      notes: [LOCALE_NOTE(1)],
    });
    expect(
      selectedBy(`${LOADS} require.call(null, locale);\n`, "model.ts", "require-call"),
    ).toEqual({
      tests: ["test/email.test.ts", "test/model.test.ts"],
      notes: [LOCALE_NOTE(1)],
    });
    expect(
      selectedBy(
        `${LOADS} require.resolve(locale) + String(require.main) + typeof require;\n`,
        "model.ts",
        "require-members",
      ),
    ).toEqual({
      tests: ["test/model.test.ts"],
      notes: [],
    });
  });
});
