// Mocha's root hooks and the modules it requires or loads with --file run before every test: a
// change reaching one failed tests agentix did not select (helper-26 finding 8).
import { afterEach, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { analyze } from "../analyze.js";
import { affectedFor, selectionOf } from "../../test/support/affected.js";

afterEach(removeCopies);

const project = (files: Record<string, string>) => writtenProject(files, "mocha-setup");

const BASE = {
  "tsconfig.json":
    '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src", "test"] }\n',
  "src/store.ts": "export const seeded: string[] = [];\n",
  "src/price.ts": "export const price = (n: number) => n;\n",
  "test/hooks.ts": 'import { seeded } from "../src/store";\nseeded.push("a");\n',
  "test/price.test.ts":
    'import { price } from "../src/price";\ndeclare const it: (name: string, body: () => void) => void;\nit("prices", () => void price(1));\n',
};

it.each([
  [
    "the test script's --file",
    {
      "package.json": JSON.stringify({
        scripts: { test: "mocha -r ts-node/register --file test/hooks.ts 'test/**/*.test.ts'" },
      }),
    },
  ],
  [
    ".mocharc.json's require",
    {
      "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      ".mocharc.json": '{ "require": ["ts-node/register", "./test/hooks.ts"] }',
    },
  ],
])("%s runs before every test", (_, files) => {
  const dir = project({ ...BASE, ...files });
  const result = affectedFor(analyze({ root: dir }), { path: "src/store.ts", status: "modified" });
  expect(result.widened).toEqual([]);
  expect(selectionOf(result)).toEqual(["test/price.test.ts"]);
});

// A test named only by .mocharc's spec (test/sum.ts, node:assert): "0 of 0 test files", and
// verify passed a failing suite (helper-26 finding 4).
it("a file .mocharc.json's spec names is a test whatever its name", () => {
  const dir = project({
    ...BASE,
    "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
    ".mocharc.json": '{ "spec": ["test/**/*.ts"], "require": "ts-node/register" }',
    "test/sum.ts":
      'import { price } from "../src/price";\ndeclare const it: (name: string, body: () => void) => void;\nit("adds", () => void price(2));\n',
  });
  const result = affectedFor(analyze({ root: dir }), { path: "src/price.ts", status: "modified" });
  expect(selectionOf(result)).toEqual(["test/price.test.ts", "test/sum.ts"]);
});
