// test/fixtures/ts-jest: ts-jest type-checks the tests it runs (and what they import), so a
// type-only change fails the tests whose imports, type-only ones included, reach it. affected
// answered "none can observe this change" (helper-20's repro-1 on a real ts-jest suite).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

/** The selected tests, with their reasons, for a change of `src/config.ts`'s interface field. */
function selected(root: string): string[] {
  const change: FileChange = { path: "src/config.ts", status: "modified", lines: [[2, 2]] };
  const result = affectedResult(computeAffected(analyze({ root }), [change]), {
    since: null,
    targets: [change.path],
    changes: [change],
  });
  expect(result.widened).toEqual([]);
  return result.tests.files.map((file) => `${file.file}: ${file.reason}`);
}

describe("a type-only change under ts-jest", () => {
  it("selects the tests whose imports reach it: ts-jest type-checks them", () => {
    expect(selected(copyFixture("ts-jest"))).toEqual([
      "test/config.spec.ts: type-checked by ts-jest: its imports (type-only ones included) reach src/config.ts",
    ]);
  });

  it("selects none where ts-jest only transpiles (isolatedModules), as Vitest's esbuild does", () => {
    const root = copyFixture("ts-jest");
    writeFileSync(
      path.join(root, "jest.config.js"),
      'module.exports = { preset: "ts-jest", transform: { "^.+\\\\.ts$": ["ts-jest", { isolatedModules: true }] } };\n',
    );
    expect(selected(root)).toEqual([]);
  });
});

// helper-29 repro-6: ts-jest set only in the configs `projects` paths name.
it("selects by type under ts-jest set in a project's own config only", () => {
  const root = copyFixture("ts-jest");
  writeFileSync(
    path.join(root, "jest.config.js"),
    'module.exports = { projects: ["<rootDir>/jest"] };\n',
  );
  mkdirSync(path.join(root, "jest"));
  writeFileSync(
    path.join(root, "jest/jest.config.js"),
    'module.exports = { rootDir: "..", preset: "ts-jest", testEnvironment: "node" };\n',
  );
  expect(selected(root)).toEqual([
    "test/config.spec.ts: type-checked by ts-jest: its imports (type-only ones included) reach src/config.ts",
  ]);
});
