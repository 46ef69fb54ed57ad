// test/fixtures/path-references: code that loads files by naming their path. fastify/demo's app
// hands `path.join(import.meta.dirname, "routes")` to an autoloader; tsoa's tests hand a
// fixture's path to a generator; a migration folder is read through `new URL(..., import.meta.url)`.
// Before, a change to a schema only a route imports selected the test that imports the schema
// and not the tests that boot the app (fastify/demo: 1 of the 9 failing files), a route file
// widened to everything, and a fixture the tests read selected nothing.
import { afterAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

let analysis: Analysis | undefined;
const analysed = () => (analysis ??= analyze({ root: copyFixture("path-references") }));

function answer(change: FileChange) {
  const changes = [change];
  const result = affectedResult(computeAffected(analysed(), changes), {
    since: null,
    targets: [change.path],
    changes,
  });
  return {
    widened: result.widened.map((reason) => reason.message),
    // A file affected as a whole lists no cases: its reason says why.
    tests: result.tests.files.flatMap(({ file, reason, cases }) =>
      cases.length === 0
        ? [`${file}: ${reason}`]
        : cases.map((test) => `${file}:${test.line}: ${test.reason}`),
    ),
  };
}

describe("a folder handed to an autoloader", () => {
  it("loads what its files import: the tests that boot the app run", () => {
    expect(answer({ path: "src/schemas/tasks.ts", status: "modified" })).toEqual({
      widened: [],
      tests: [
        "test/app.test.ts:4: uses build at line 5 <- test/helper.ts#build; uses serviceApp (test/helper.ts:5) <- src/service.ts#serviceApp; names src/routes, which holds src/routes/tasks.ts; imports src/schemas/tasks.ts; changed",
        "test/schemas.test.ts: imports src/schemas/tasks.ts; changed",
      ],
    });
  });

  it("loads its files: a route's change selects those tests, not everything", () => {
    expect(answer({ path: "src/routes/tasks.ts", status: "modified" })).toEqual({
      widened: [],
      tests: [
        "test/app.test.ts:4: uses build at line 5 <- test/helper.ts#build; uses serviceApp (test/helper.ts:5) <- src/service.ts#serviceApp; names src/routes, which holds src/routes/tasks.ts; changed",
      ],
    });
  });
});

describe("a file a test names by its path from the root", () => {
  it("is read by that test", () => {
    expect(answer({ path: "test/fixtures/controller.ts", status: "modified" })).toEqual({
      widened: [],
      tests: ["test/generator.test.ts: names test/fixtures/controller.ts; changed"],
    });
  });
});

describe("a folder named with new URL(..., import.meta.url)", () => {
  it("holds files the analysis does not: a change there reaches the code that names it", () => {
    expect(answer({ path: "src/migrations/001.do.tasks.sql", status: "modified" })).toEqual({
      widened: [],
      tests: ["test/migrate.test.ts: imports src/migrate.ts; changed"],
    });
  });
});
