// A copy of test/fixtures/workspace under git, as `npm install` leaves it for Turborepo (a
// lockfile, the agentix bin on the scripts' PATH), and one `turbo run agentix:index` on its apps
// (the real turbo, the pinned dev dependency). turbo.test.ts and turbo.full.test.ts share it.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BIN, REPO, copyFixture } from "../support/analyzer-fixtures.js";

const TURBO = path.join(REPO, "node_modules/.bin/turbo");

export interface TurboRun {
  /** Each task's cache status (`HIT`, `MISS`), by task id. */
  readonly cache: Record<string, string>;
  /** Each task's input files, sorted, by task id. */
  readonly inputs: Record<string, string[]>;
}

/** The workspace copy; remove it with `removeCopies`. */
export function turboWorkspace(): string {
  const root = copyFixture("workspace");
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
  return root;
}

/** One `turbo run agentix:index` on the apps of `root`, read from its run summary. */
export function turbo(root: string): TurboRun {
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
  return {
    cache: Object.fromEntries(tasks.map((task) => [task.taskId, task.cache.status])),
    inputs: Object.fromEntries(tasks.map((task) => [task.taskId, Object.keys(task.inputs).sort()])),
  };
}
