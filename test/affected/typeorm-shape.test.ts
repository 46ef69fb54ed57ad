// typeorm's shape (issue 12, item 7): mocha with globals (no import of a framework), tests in
// test/functional/**/<name>.test.ts beside their entity/ folders, a side-effect setup import
// and shared utils in test/utils, decorators, `before`/`after` hooks (mocha's beforeAll/afterAll).
import { beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { fixtureDir } from "../support/analyzer-fixtures.js";

let analysis: Analysis;

beforeAll(() => {
  analysis = analyze({ root: fixtureDir("typeorm-shape") });
});

const affected = (change: FileChange) => affectedFor(analysis, change);
const selection = (change: FileChange) =>
  affected(change).tests.files.map((file) => [
    file.file,
    file.whole,
    file.selected,
    file.total,
    file.reason,
    file.cases.map((testCase) => `${testCase.line}: ${testCase.reason}`),
  ]);

describe("a typeorm-shaped project", () => {
  it("finds the functional tests by name, and not the utils or entities beside them", () => {
    expect(
      analysis.loaded.files.filter((file) => analysis.roles.isTest(file)).map((file) => file.path),
    ).toEqual([
      "test/functional/find/find.test.ts",
      "test/functional/json/defaults/defaults.test.ts",
    ]);
  });

  it("a change in a driver method selects the tests that reach it", () => {
    expect(
      selection({ path: "src/data-source/DataSource.ts", status: "modified", lines: [[15, 15]] }),
    ).toEqual([
      [
        "test/functional/find/find.test.ts",
        true,
        2,
        2,
        "called while test/functional/find/find.test.ts loads (line 6) <- src/data-source/DataSource.ts#DataSource; changed at line 15",
        [],
      ],
      // The cases reach the driver through the before() hook that builds the data sources.
      [
        "test/functional/json/defaults/defaults.test.ts",
        true,
        2,
        2,
        "every case is affected",
        [
          "13: uses createTestingConnections at line 9 <- test/utils/test-utils.ts#createTestingConnections; uses DataSource (test/utils/test-utils.ts:4) <- src/data-source/DataSource.ts#DataSource; changed at line 15",
          "21: uses createTestingConnections at line 9 <- test/utils/test-utils.ts#createTestingConnections; uses DataSource (test/utils/test-utils.ts:4) <- src/data-source/DataSource.ts#DataSource; changed at line 15",
        ],
      ],
    ]);
  });

  it("a change inside a before() hook selects every case it runs before", () => {
    expect(
      selection({
        path: "test/functional/json/defaults/defaults.test.ts",
        status: "modified",
        lines: [[9, 9]],
      }),
    ).toEqual([
      [
        "test/functional/json/defaults/defaults.test.ts",
        true,
        2,
        2,
        "every case is affected",
        ["13: changed at line 9", "21: changed at line 9"],
      ],
    ]);
  });

  it("a change to an entity (decorated: module code) selects the whole test that imports it", () => {
    expect(
      selection({
        path: "test/functional/find/entity/User.ts",
        status: "modified",
        lines: [[6, 6]],
      }),
    ).toEqual([
      [
        "test/functional/find/find.test.ts",
        true,
        2,
        2,
        "imports test/functional/find/entity/User.ts; changed module code at line 6",
        [],
      ],
    ]);
  });
});
