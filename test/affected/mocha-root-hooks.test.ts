// A Mocha root-level hook (`beforeEach` at the top of test/helpers/global-hooks.ts, loaded by
// `mocha --recursive`) runs before every test: a change reaching it selected no test, and verify
// passed while the suite failed (helper-29 repro-3). In a project that does not run Mocha, such a
// file is no setup.
import { afterAll, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const files = (test: string) => ({
  "package.json": JSON.stringify({ name: "hooks", private: true, scripts: { test } }),
  "tsconfig.json":
    '{ "compilerOptions": { "strict": true, "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
  "src/store.ts":
    "export const store = { users: [] as string[] };\n\nexport function resetStore(): void {\n  store.users = [];\n}\n",
  "test/globals.d.ts":
    "declare function beforeEach(run: () => void): void;\ndeclare function it(name: string, run: () => void): void;\n",
  "test/helpers/global-hooks.ts":
    'import { resetStore } from "../../src/store";\n\nbeforeEach(() => {\n  resetStore();\n});\n',
  "test/users.test.ts":
    'import { store } from "../src/store";\n\nit("starts empty", () => {\n  if (store.users.length > 0) throw new Error("not empty");\n});\n',
});

const selectedBy = (test: string) =>
  selectionOf(
    affectedFor(analyze({ root: writtenProject(files(test), "mocha-root-hooks") }), {
      path: "src/store.ts",
      status: "modified",
      lines: [[4, 4]],
    }),
  );

it("a change reaching a Mocha root-level hook selects every test", () => {
  expect(selectedBy("mocha -r ts-node/register --extension ts --recursive")).toEqual([
    "test/users.test.ts",
  ]);
});

it("a top-level beforeEach in a project that does not run Mocha is no setup", () => {
  expect(selectedBy("node --test")).toEqual([]);
});
