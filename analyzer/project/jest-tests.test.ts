// Jest's testMatch and testRegex name tests agentix did not know by their names: a suite of
// `checks/*.check.ts` counted "0 of 0 test files" and verify passed it (helper-26 finding 3).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { fileInputs } from "../../test/support/file-inputs.js";
import { analyze } from "../analyze.js";
import { affectedFor, selectionOf } from "../../test/support/affected.js";
import { readJestTests } from "./jest-tests.js";

afterEach(removeCopies);

const project = (files: Record<string, string>) => writtenProject(files, "jest-tests");

const inputs = fileInputs;

describe("readJestTests", () => {
  it("reads testRegex from a JavaScript config: a string or a regular expression literal", () => {
    const dir = project({
      "jest.config.js": 'module.exports = { testRegex: "checks/.*\\\\.check\\\\.ts$" };\n',
    });
    const runs = readJestTests(dir, inputs)!;
    expect([runs("checks/sum.check.ts"), runs("src/sum.ts")]).toEqual([true, false]);
    writeFileSync(
      path.join(dir, "jest.config.js"),
      "export default { testRegex: [/\\.it\\.ts$/] };\n",
    );
    expect(readJestTests(dir, inputs)!("test/db.it.ts")).toBe(true);
  });

  it("reads testMatch with <rootDir> and negations, from package.json's jest field", () => {
    const dir = project({
      "package.json": JSON.stringify({
        jest: { rootDir: "src", testMatch: ["<rootDir>/**/*.check.ts", "!**/fixtures/**"] },
      }),
    });
    const runs = readJestTests(dir, inputs)!;
    expect([
      runs("src/a/sum.check.ts"),
      runs("src/fixtures/x.check.ts"),
      runs("checks/sum.check.ts"),
    ]).toEqual([true, false, false]);
  });

  it("is undefined without a config or when it names neither", () => {
    expect(readJestTests(project({ "package.json": "{}" }), inputs)).toBeUndefined();
    expect(
      readJestTests(project({ "jest.config.json": '{ "testEnvironment": "node" }' }), inputs),
    ).toBeUndefined();
  });
});

it("a file testRegex names is a test: selected by a change it can observe", () => {
  const dir = project({
    "package.json": '{ "name": "p", "scripts": { "test": "jest" } }\n',
    "jest.config.js": 'module.exports = { testRegex: "checks/.*\\\\.check\\\\.ts$" };\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src", "checks"] }\n',
    "src/sum.ts": "export const sum = (a: number, b: number) => a + b;\n",
    "checks/sum.check.ts":
      'import { sum } from "../src/sum";\ndeclare const test: (name: string, body: () => void) => void;\ntest("adds", () => void sum(1, 2));\n',
  });
  const analysis = analyze({ root: dir });
  const result = affectedFor(analysis, { path: "src/sum.ts", status: "modified" });
  expect(selectionOf(result)).toEqual(["checks/sum.check.ts"]);
  expect(result.tests.total.files).toBe(1);
});
