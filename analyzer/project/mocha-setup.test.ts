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
  [
    ".mocharc.yml's require (a block list)",
    {
      "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      ".mocharc.yml":
        "# hooks first\nrequire:\n  - ts-node/register\n  - './test/hooks.ts' # root hooks\nspec: test/**/*.test.ts\n",
    },
  ],
  [
    ".mocharc.yaml's file (a flow list)",
    {
      "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      ".mocharc.yaml": 'require: ts-node/register\nfile: [ "test/hooks.ts" ]\n',
    },
  ],
  [
    ".mocharc.cjs's exported literal",
    {
      "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      ".mocharc.cjs":
        'module.exports = {\n  require: ["ts-node/register", "test/hooks.ts"],\n  spec: "test/**/*.test.ts",\n};\n',
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
it.each([
  [".mocharc.json", '{ "spec": ["test/**/*.ts"], "require": "ts-node/register" }'],
  [".mocharc.yml", "spec:\n  - test/**/*.ts\nrequire: ts-node/register\n"],
])("a file %s's spec names is a test whatever its name", (name, text) => {
  const dir = project({
    ...BASE,
    "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
    [name]: text,
    "test/sum.ts":
      'import { price } from "../src/price";\ndeclare const it: (name: string, body: () => void) => void;\nit("adds", () => void price(2));\n',
  });
  const result = affectedFor(analyze({ root: dir }), { path: "src/price.ts", status: "modified" });
  expect(selectionOf(result)).toEqual(["test/price.test.ts", "test/sum.ts"]);
});

// A list the reader cannot read may load any file before every test: the answer widens, with a
// warning at the list (never a silent "no setup").
it.each([
  [".mocharc.yml", "require: &hooks\n  - test/hooks.ts\n", ".mocharc.yml:1"],
  [".mocharc.yml", "file: !!seq\n  - test/hooks.ts\n", ".mocharc.yml:1"],
  [
    ".mocharc.js",
    'const hooks = ["test/hooks.ts"];\nmodule.exports = { require: hooks };\n',
    ".mocharc.js:2",
  ],
  [
    ".mocharc.js",
    'const base = require("./base.js");\nmodule.exports = { ...base, spec: "test" };\n',
    ".mocharc.js:2",
  ],
  [".mocharc.cjs", 'module.exports = makeConfig({ require: ["x"] });\n', ".mocharc.cjs:1"],
])("%s that sets setup modules past a literal (%j) widens every answer", (name, text, where) => {
  const dir = project({
    ...BASE,
    "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
    [name]: text,
  });
  const analysis = analyze({ root: dir });
  const problems = analysis.loaded.problems.filter((p) => p.code === "test-config-not-literal");
  expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual([where]);
  const result = affectedFor(analysis, { path: "src/price.ts", status: "modified" });
  expect(result.widened.map((reason) => reason.message)).toEqual([
    `${where}: a test setup list that cannot be read statically may load the changed code before every test`,
  ]);
});

it("a .mocharc.yml that sets no setup module adds nothing; Mocha's first config file wins", () => {
  const dir = project({
    ...BASE,
    "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
    ".mocharc.yml": "spec: test/**/*.test.ts\nreporter: dot\nreporter-option:\n  maxDiffSize: 0\n",
    ".mocharc.json": '{ "require": ["./test/hooks.ts"] }',
  });
  const analysis = analyze({ root: dir });
  expect(analysis.loaded.problems.filter((p) => p.code === "test-config-not-literal")).toEqual([]);
  // test/hooks.ts is no setup (.mocharc.json is not read): src/store.ts reaches no test.
  const result = affectedFor(analysis, { path: "src/store.ts", status: "modified" });
  expect(result.widened.map((reason) => reason.message)).toEqual([
    "shared code outside every feature changed: src/store.ts",
  ]);
});
