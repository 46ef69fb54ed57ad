// The built CLI run in a child process under a timeout: a hang fails the case (code null) instead
// of stalling the suite, and an abort (std::bad_alloc, a segfault) cannot take the worker with it.
import { spawnSync } from "node:child_process";
import { BIN } from "./analyzer-fixtures.js";
import type { Answer } from "./in-process-cli.js";

export function timedBin(root: string, args: readonly string[]): Answer | { code: null } {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  return result.status === null
    ? { code: null }
    : { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
