// A Jest config the test script names (`jest --config config/jest.config.js`) was never read:
// its setup files reached no test and its ts-jest no type-only change, and verify passed while
// the suite failed (helper-26 finding 10: tsyringe's `--config test/jest.config.js`).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { analyze } from "../analyze.js";
import { affectedFor, selectionOf } from "../../test/support/affected.js";
import { testsTypeChecked } from "../affected/type-checking-runner.js";
import { jestConfigFile } from "./jest-config-file.js";

afterEach(removeCopies);

const project = (files: Record<string, string>) => writtenProject(files, "jest-config");

const reader = {
  read: (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined),
  isFile: (file: string) => existsSync(file) && statSync(file).isFile(),
};

const TEST = "declare const test: (name: string, body: () => void) => void;\n";

it("is the config the test script names, its setup counting for every test, its ts-jest read", () => {
  const dir = project({
    "package.json": JSON.stringify({ scripts: { test: "jest --config config/jest.config.js" } }),
    "jest.config.js": "module.exports = {};\n",
    "config/jest.config.js":
      'module.exports = { rootDir: "..", preset: "ts-jest", setupFilesAfterEnv: ["<rootDir>/test/setup.ts"] };\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src", "test"] }\n',
    "src/config.ts": "export const rate = 2;\n",
    "src/price.ts": "export const price = (n: number) => n;\n",
    "test/setup.ts": 'import { rate } from "../src/config";\nexport const used = rate;\n',
    "src/price.test.ts": `import { price } from "./price";\n${TEST}test("prices", () => void price(1));\n`,
  });
  expect(jestConfigFile(dir, reader)).toBe(path.join(dir, "config/jest.config.js"));
  expect(testsTypeChecked(dir)).toBe(true);
  const analysis = analyze({ root: dir });
  const result = affectedFor(analysis, { path: "src/config.ts", status: "modified" });
  expect(selectionOf(result)).toEqual(["src/price.test.ts"]);
});

// A serializer (or test environment, resolver) of the project's own runs for every test: a
// change to it failed snapshot tests agentix did not select (helper-26 finding 9).
it("counts a snapshot serializer, test environment or resolver of the project's own as setup", () => {
  const dir = project({
    "package.json": JSON.stringify({ scripts: { test: "jest" } }),
    "jest.config.js":
      'module.exports = { snapshotSerializers: ["<rootDir>/test/serializer.ts"], testEnvironment: "node" };\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src", "test"] }\n',
    "src/price.ts": "export const price = (n: number) => n;\n",
    "test/serializer.ts": "export const test = (value: unknown) => typeof value === 'number';\n",
    "src/price.test.ts": `import { price } from "./price";\n${TEST}test("prices", () => void price(1));\n`,
  });
  const analysis = analyze({ root: dir });
  const result = affectedFor(analysis, { path: "test/serializer.ts", status: "modified" });
  expect(result.widened).toEqual([]);
  expect(selectionOf(result)).toEqual(["src/price.test.ts"]);
});
