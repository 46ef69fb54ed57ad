// Vitest type tests (test/fixtures/type-tests: TanStack Router's tests/utils.test-d.ts, h3's
// test/unit/types.test-d.ts): a `*.test-d.ts` file that imports its subject with `import type` and
// pins it with `expectTypeOf`. A change to the types alone reaches no code that runs, so no
// type test was ever selected, yet `vitest run` fails it. And h3's `typecheck.enabled` is not a
// literal: Vitest runs them, so they are Vitest's, not "not run by vitest".
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { planForText } from "../../analyzer/cli/verify/vitest-plan.js";
import { affectedFor } from "../support/affected.js";
import { copyFixture, fixtureDir, removeCopies } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({ root: fixtureDir("type-tests") });
});
afterAll(removeCopies);

const shape = (lines: [number, number][]): FileChange => ({
  path: "src/shape.ts",
  status: "modified",
  lines,
});
const selection = (change: FileChange) =>
  affectedFor(analysis, change).tests.files.map((file) => [file.file, file.reason]);
const REACHES = "a type test: its imports (type-only ones included) reach src/shape.ts";

describe("type tests", () => {
  it("are selected by a change to the types they import, directly or through a type-only import", () => {
    expect(selection(shape([[2, 2]]))).toEqual([
      ["tests/label.test-d.ts", REACHES],
      ["tests/shape.test-d.ts", REACHES],
    ]);
    const result = affectedFor(analysis, shape([[2, 2]]));
    expect(result.affected.files).toEqual([
      "src/shape.ts",
      "tests/label.test-d.ts",
      "tests/shape.test-d.ts",
    ]);
    expect(result.edges.filter((edge) => edge.reason === "type test of its imports")).toEqual([
      {
        from: "file src/shape.ts",
        to: "file tests/label.test-d.ts",
        reason: "type test of its imports",
      },
      {
        from: "file src/shape.ts",
        to: "file tests/shape.test-d.ts",
        reason: "type test of its imports",
      },
    ]);
  });

  it("are selected by a change to code too (an inferred return type follows the body), beside the runtime tests", () => {
    expect(selection(shape([[7, 7]]))).toEqual([
      ["tests/area.test.ts", "every case is affected"],
      ["tests/label.test-d.ts", REACHES],
      ["tests/shape.test-d.ts", REACHES],
    ]);
  });

  it("a type test changed is selected for itself; a file no type test imports selects none", () => {
    expect(
      selection({ path: "tests/shape.test-d.ts", status: "modified", lines: [[5, 5]] }),
    ).toEqual([["tests/shape.test-d.ts", "every case is affected"]]);
    expect(selection({ path: "tests/area.test.ts", status: "modified", lines: [[5, 5]] })).toEqual([
      ["tests/area.test.ts", "every case is affected"],
    ]);
  });

  it("run by Vitest when typecheck.enabled is not a literal (Vitest runs them on `vitest run`)", () => {
    const plan = planForText(analysis, affectedFor(analysis, shape([[2, 2]])));
    expect([plan.filters, plan.otherRunner]).toEqual([
      ["tests/label.test-d.ts", "tests/shape.test-d.ts"],
      [],
    ]);
  });

  // helper-21 repro-5 (ufo): `"test": "vitest run --typecheck"` and no typecheck in the config.
  // Vitest runs the type tests; the run line and the invocations left them out, unsaid.
  it("run by Vitest, with --typecheck, when the test script passes it", () => {
    const root = copyFixture("type-tests");
    writeFileSync(
      path.join(root, "vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { dir: "./tests" } });\n',
    );
    const plain = analyze({ root });
    const planOf = () => planForText(plain, affectedFor(plain, shape([[2, 2]])));
    expect([planOf().filters, planOf().otherRunner.map((file) => file.file)]).toEqual([
      [],
      ["tests/label.test-d.ts", "tests/shape.test-d.ts"],
    ]);
    writeFileSync(
      path.join(root, "package.json"),
      '{ "name": "type-tests", "private": true, "type": "module", "scripts": { "test": "vitest run --typecheck" } }\n',
    );
    expect([planOf().filters, planOf().otherRunner]).toEqual([
      ["tests/label.test-d.ts", "tests/shape.test-d.ts", "--typecheck"],
      [],
    ]);
  });

  it("not run by Vitest when typecheck.enabled is false: named apart, from the record as from an analysis", async () => {
    const root = copyFixture("type-tests");
    writeFileSync(
      path.join(root, "vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { dir: "./tests", typecheck: { enabled: false } } });\n',
    );
    expect((await answer(["index"], root)).code).toBe(0);
    const fast = await answer(["affected", "src/shape.ts"], root);
    expect(fast.stdout.split("\n").slice(-3)).toEqual([
      "run: vitest run tests/area.test.ts",
      "not run by vitest: tests/label.test-d.ts, tests/shape.test-d.ts (agentix verify says why)",
      "",
    ]);
    expect(await answer(["affected", "src/shape.ts", "--fresh"], root)).toEqual(fast);
  });
});
