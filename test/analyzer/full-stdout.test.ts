// Standard output that cannot be written (a full disk: /dev/full answers ENOSPC) is the
// environment's problem: one line on stderr naming it, and exit 2, never the verb's verdict.
// It was an uncaught exception from the stream's 'error' event, a stack trace and exit 1: for
// `index --check` "stale", for `check` "errors found", on a project with neither.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let root: string;

beforeAll(async () => {
  root = writtenProject({
    "package.json": '{ "name": "full-stdout", "type": "module" }\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [] }, "include": ["src"] }\n',
    "src/one.ts": "export const one = 1;\n",
  });
  expect((await answer(["index"], root)).code).toBe(0);
}, 60_000);
afterAll(removeCopies);

/** Runs the bin with its stdout on /dev/full; its exit code and stderr. */
function toFullDisk(args: readonly string[]): { code: number | null; stderr: string } {
  const full = openSync("/dev/full", "w");
  try {
    const result = spawnSync(process.execPath, [BIN, ...args], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", full, "pipe"],
      timeout: 60_000,
    });
    return { code: result.status, stderr: result.stderr };
  } finally {
    closeSync(full);
  }
}

const NO_SPACE = {
  code: 2,
  stderr: "agentix: cannot write to standard output: ENOSPC (no space left on the device)\n",
};

describe.skipIf(!existsSync("/dev/full"))("standard output on a full disk", () => {
  it("index --check and check are exit 2 with one line naming it", { timeout: 120_000 }, () => {
    expect(toFullDisk(["index", "--check"])).toEqual(NO_SPACE);
    expect(toFullDisk(["check", "--json"])).toEqual(NO_SPACE);
  });

  it("--help too: no verb runs, the write still fails", () => {
    expect(toFullDisk(["--help"])).toEqual(NO_SPACE);
  });
});
