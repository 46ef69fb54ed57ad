// test/fixtures/jest-substitutes: files Jest loads in place of what an import names (a
// moduleNameMapper target, a manual mock). A change to one selected only the test importing it
// directly, and verify passed while Jest failed the test loading it through the substitution
// (helper-26 findings 5 and 6, repro-6 and repro-7).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { affectedFor } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: copyFixture("jest-substitutes") });
});
afterAll(removeCopies);

/** The selected test files with their reasons, for a change of line `line` of `file`. */
function selected(file: string, line?: number, of = analysis): string[] {
  const change: FileChange = {
    path: file,
    status: "modified",
    ...(line === undefined ? {} : { lines: [[line, line] as const] }),
  };
  const result = affectedFor(of, change);
  expect(result.widened).toEqual([]);
  return result.tests.files.map((test) => `${test.file}: ${test.reason}`);
}

describe("moduleNameMapper", () => {
  it("a change inside the mapped file's function reaches the tests loading an importer of the mapped name", () => {
    expect(selected("test/fake-clock.ts", 2)).toEqual([
      "test/fake-clock.test.ts: every case is affected",
      "test/greeting.test.ts: imports src/greeting.ts; imports @app/clock, which Jest's moduleNameMapper maps to test/fake-clock.ts <- test/fake-clock.ts#now; changed at line 2",
    ]);
  });

  it("the file TypeScript resolves the import to still counts (a Vitest run of the same tests loads it)", () => {
    expect(selected("src/clock.ts", 2)).toEqual(["test/greeting.test.ts: every case is affected"]);
  });

  it("a mapping to a package, or a mapper the config does not write literally, adds nothing", () => {
    const root = copyFixture("jest-substitutes");
    writeFileSync(
      path.join(root, "jest.config.js"),
      'const { pathsToModuleNameMapper } = require("ts-jest");\nmodule.exports = { moduleNameMapper: pathsToModuleNameMapper({ "@app/*": ["src/*"] }) };\n',
    );
    expect(selected("test/fake-clock.ts", 2, analyze({ root }))).toEqual([
      "test/fake-clock.test.ts: every case is affected",
    ]);
  });
});

describe("manual mocks", () => {
  it("jest.mock(path) loads the __mocks__ file beside the module: a change in it reaches the calling test", () => {
    expect(selected("src/__mocks__/api.ts", 2)).toEqual([
      "test/api-mock.test.ts: every case is affected",
      "test/cart.test.ts: loads src/__mocks__/api.ts, the manual mock of ../src/api <- src/__mocks__/api.ts#fetchPrice; changed at line 2",
    ]);
  });

  it("a root __mocks__/<package> replaces the package for every importer, with no call", () => {
    expect(selected("__mocks__/nanoid.ts", 2)).toEqual([
      "test/ids.test.ts: imports src/ids.ts; loads __mocks__/nanoid.ts, the manual mock of nanoid <- __mocks__/nanoid.ts#nanoid; changed at line 2",
      "test/nanoid-mock.test.ts: every case is affected",
    ]);
  });

  // formbricks' `__mocks__` files import vitest for `vi.fn()`: each was selected as a test of
  // its own, which a runner given it finds no test in.
  it("a manual mock that imports a test framework for its fakes is no test", () => {
    const root = copyFixture("jest-substitutes");
    writeFileSync(
      path.join(root, "src/__mocks__/api.ts"),
      'import { jest } from "@jest/globals";\n\nexport const fetchPrice = jest.fn(() => 10);\n',
    );
    expect(selected("src/__mocks__/api.ts", 3, analyze({ root }))).toEqual([
      "test/api-mock.test.ts: imports src/__mocks__/api.ts; changed module code at line 3",
      "test/cart.test.ts: loads src/__mocks__/api.ts, the manual mock of ../src/api <- src/__mocks__/api.ts; changed module code at line 3",
    ]);
  });

  it("the mocked module itself still counts for the tests that load it", () => {
    expect(selected("src/api.ts", 2)).toEqual(["test/cart.test.ts: every case is affected"]);
  });
});
