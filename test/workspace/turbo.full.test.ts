// What makes the cached `agentix index` Turborepo task miss again (turbo.test.ts has the first
// run and the cache hit): an edited source misses only its package, an edited shared
// tsconfig.base.json misses both. Three turbo runs, five index processes: `npm run test:full`.
import { readFileSync, writeFileSync } from "node:fs";
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
  it("misses only where an input changed: a package's source, then the shared tsconfig", () => {
    expect(turbo(root).cache).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "MISS",
    });
    const source = path.join(root, "apps/admin/src/features/reports/operations.ts");
    writeFileSync(source, `${readFileSync(source, "utf8")}// edited\n`);
    expect(turbo(root).cache).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "HIT",
    });

    const base = path.join(root, "tsconfig.base.json");
    writeFileSync(base, readFileSync(base, "utf8").replace('"strict": true', '"strict": false'));
    expect(turbo(root).cache).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "MISS",
    });
  }, 180_000);
});
