// test/fixtures/path-references: code that loads files by naming their path. fastify/demo's app
// hands `path.join(import.meta.dirname, "routes")` to an autoloader; tsoa's tests hand a
// fixture's path to a generator; another test reads it through new URL(..., import.meta.url).
// Before, a change to a schema only a route imports selected the test that imports the schema
// and not the tests that boot the app (fastify/demo: 1 of the 9 files that would fail), and a
// change to a fixture selected the test importing it, not those reading it by path (tsoa: 7
// unit specs missed). A test naming the project root reads what it likes there
// (antfu/eslint-config's api.test.ts snapshots the built package): it runs whenever code changed.
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
        "test/layout.test.ts: names the project root: what it reads there (files, the built package) cannot be followed",
        "test/schemas.test.ts: imports src/schemas/tasks.ts; changed",
      ],
    });
  });

  // A path named in code adds tests, never proves what else loads a file: a route that no
  // import reaches still widens, as it did.
  it("never narrows: a file only a named path reaches still widens", () => {
    expect(answer({ path: "src/routes/tasks.ts", status: "modified" }).widened).toEqual([
      "shared code outside every feature changed: src/routes/tasks.ts",
    ]);
  });
});

describe("a file tests name by its path", () => {
  // The reader and the generator read the controller's text: a change inside getTask's body
  // fails them though neither calls it (tiny-invariant's bundle test: a false pass before).
  it("is read whole: a change inside a function body reaches the code naming it", () => {
    expect(
      answer({ path: "test/fixtures/controller.ts", status: "modified", lines: [[3, 3]] }),
    ).toEqual({
      widened: [],
      tests: [
        "test/generator.test.ts: names test/fixtures/controller.ts <- test/fixtures/controller.ts#TaskController; changed at line 3",
        "test/layout.test.ts: names the project root: what it reads there (files, the built package) cannot be followed",
        "test/reader.test.ts:5: names test/fixtures/controller.ts <- test/fixtures/controller.ts#TaskController; changed at line 3",
        "test/server.test.ts:5: uses controllers at line 6 <- test/fixtures/server.ts#controllers; uses TaskController (test/fixtures/server.ts:3) <- test/fixtures/controller.ts#TaskController; changed at line 3",
      ],
    });
  });

  it('is named from the root without "./" when it is a source file in a folder ("src/x.ts")', () => {
    expect(
      answer({ path: "src/generator.ts", status: "modified", lines: [[4, 4]] }).tests,
    ).toContain(
      "test/bundle.test.ts:7: names src/generator.ts <- src/generator.ts#generate; changed at line 4",
    );
  });

  it("is read by them: from the root the runner starts in, and through new URL", () => {
    expect(answer({ path: "test/fixtures/controller.ts", status: "modified" })).toEqual({
      widened: [],
      tests: [
        "test/generator.test.ts: names test/fixtures/controller.ts; changed",
        "test/layout.test.ts: names the project root: what it reads there (files, the built package) cannot be followed",
        "test/reader.test.ts:5: names test/fixtures/controller.ts; changed",
        "test/server.test.ts: imports test/fixtures/server.ts; imports test/fixtures/controller.ts; changed",
      ],
    });
  });
});
