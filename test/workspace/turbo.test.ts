// The Turborepo task in test/fixtures/workspace/turbo.json (docs/monorepos.md) makes
// `agentix index` cacheable: real turbo (the pinned dev dependency), twice on a copy of the
// workspace, hits its cache the second time and misses after an edit of an input.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, REPO, copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let root: string;
const TURBO = path.join(REPO, "node_modules/.bin/turbo");

/** One `turbo run agentix:index` on the apps; each task's cache status from its run summary. */
function turbo(): Record<string, string> {
  const runs = path.join(root, ".turbo/runs");
  rmSync(runs, { recursive: true, force: true });
  execFileSync(
    TURBO,
    ["run", "agentix:index", "--filter=./apps/*", "--summarize", "--output-logs=errors-only"],
    {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        TURBO_TELEMETRY_DISABLED: "1",
        DO_NOT_TRACK: "1",
        TURBO_NO_UPDATE_NOTIFIER: "1",
      },
    },
  );
  const [summary] = readdirSync(runs);
  const tasks = (
    JSON.parse(readFileSync(path.join(runs, summary as string), "utf8")) as {
      tasks: { taskId: string; cache: { status: string }; inputs: Record<string, string> }[];
    }
  ).tasks;
  inputs = Object.fromEntries(tasks.map((task) => [task.taskId, Object.keys(task.inputs).sort()]));
  return Object.fromEntries(tasks.map((task) => [task.taskId, task.cache.status]));
}
let inputs: Record<string, string[]> = {};

beforeAll(() => {
  root = copyFixture("workspace");
  // What `npm install` leaves: a lockfile and the agentix bin on the scripts' PATH.
  writeFileSync(
    path.join(root, "package-lock.json"),
    '{ "name": "acme-workspace", "lockfileVersion": 3, "requires": true, "packages": {} }\n',
  );
  mkdirSync(path.join(root, "node_modules/.bin"), { recursive: true });
  const bin = path.join(root, "node_modules/.bin/agentix");
  writeFileSync(
    bin,
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(bin, 0o755);
  writeFileSync(path.join(root, ".gitignore"), "node_modules\n.turbo\n.agentix/fresh.json\n");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "base");
});
afterAll(removeCopies);

describe("agentix index as a Turborepo task", () => {
  it("runs, then hits the cache (restoring the index), then misses only where an input changed", () => {
    expect(turbo()).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "MISS",
    });
    // The inputs: the package's sources, tsconfig, package.json, the shared tsconfig and the lockfile.
    expect(inputs["@acme/admin#agentix:index"]).toEqual([
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
    expect(turbo()).toEqual({
      "@acme/admin#agentix:index": "HIT",
      "@acme/shop#agentix:index": "HIT",
    });
    expect(readFileSync(index, "utf8")).toBe(written);

    const source = path.join(root, "apps/admin/src/features/reports/operations.ts");
    writeFileSync(source, `${readFileSync(source, "utf8")}// edited\n`);
    expect(turbo()).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "HIT",
    });

    const base = path.join(root, "tsconfig.base.json");
    writeFileSync(base, readFileSync(base, "utf8").replace('"strict": true', '"strict": false'));
    expect(turbo()).toEqual({
      "@acme/admin#agentix:index": "MISS",
      "@acme/shop#agentix:index": "MISS",
    });
  }, 180_000);
});
