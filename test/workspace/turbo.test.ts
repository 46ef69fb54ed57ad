// The Turborepo task in test/fixtures/workspace/turbo.json (docs/monorepos.md) makes
// `agentix index` cacheable: real turbo (the pinned dev dependency) on a copy of the workspace
// misses, hashing the inputs it should, then hits its cache, restoring the index. Which edits
// make it miss again: turbo.full.test.ts (`npm run test:full`).
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies } from "../support/analyzer-fixtures.js";
import { turbo, turboWorkspace } from "./turbo-workspace.js";

let root: string;

beforeAll(() => {
  root = turboWorkspace();
});
afterAll(removeCopies);

describe("agentix index as a Turborepo task", () => {
  it("runs, hashing the package's inputs, then hits the cache, restoring the index", () => {
    const first = turbo(root);
    expect(first.cache).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "MISS",
    });
    // The inputs: the package's sources, tsconfig, package.json, the shared tsconfig and the lockfile.
    expect(first.inputs["@acme/admin#agentix:index"]).toEqual([
      "../../package-lock.json",
      "../../tsconfig.base.json",
      "package.json",
      "src/features/reports/contract.ts",
      "src/features/reports/feature.ts",
      "src/features/reports/operations.ts",
      "src/features/reports/reports.test.ts",
      "tsconfig.json",
    ]);
    const index = path.join(root, "apps/admin/.agentix/index.json");
    const written = readFileSync(index, "utf8");
    rmSync(index);
    expect(turbo(root).cache).toEqual({
      "@acme/admin#agentix:index": "HIT",
      "@acme/shop#agentix:index": "HIT",
    });
    expect(readFileSync(index, "utf8")).toBe(written);
  }, 180_000);
});
