// What a step says about a tool that did not pass: its exit code, the signal that killed it, or
// why it never started. Before, an argument list too long for the system showed "exit code null"
// (audit case-11/bigarg, manyargs, bigenv) and a kill "exit code SIGKILL" (case-40/sigkill).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { failureDetail } from "./step.js";

const spawnError = (code: string) =>
  Object.assign(new Error(`spawnSync node ${code}`), {
    code,
    errno: -7,
    syscall: "spawnSync node",
  });

describe("failureDetail", () => {
  it("is nothing for a run that passed, the exit code for one that failed", () => {
    expect(failureDetail({ status: 0, signal: null }, [], {})).toBeUndefined();
    expect(failureDetail({ status: 3, signal: null }, [], {})).toBe("exit code 3");
  });

  it("names the signal that killed the tool", () => {
    expect(failureDetail({ status: null, signal: "SIGKILL" }, [], {})).toBe("killed by SIGKILL");
  });

  it("says a command line too long never started, how long it was, and what to do", () => {
    const argv = ["jest.js", ...Array.from({ length: 12_345 }, (_, i) => `test/${i}.test.ts`)];
    expect(
      failureDetail({ status: null, signal: null, error: spawnError("E2BIG") }, argv, {}),
    ).toBe(
      "could not start: its command line is too long for the system (E2BIG: 12,346 arguments, 219 KB with the environment); run fewer tests at once with --shard",
    );
  });

  it("reads a real E2BIG spawn: one word over Linux's 128 KB, which --shard would not help", () => {
    const argv = ["-e", "0", "x".repeat(200_000)];
    const run = spawnSync(process.execPath, argv, { env: {} });
    expect(failureDetail(run, argv, {})).toBe(
      "could not start: its command line is too long for the system (E2BIG: 3 arguments, 196 KB with the environment); one of its words (an option or a variable of the test script) is 196 KB, over the 128 KB the system allows one",
    );
  });

  it("names any other reason a tool could not start", () => {
    expect(failureDetail({ status: null, signal: null, error: spawnError("EACCES") }, [], {})).toBe(
      "could not start: EACCES (permission denied)",
    );
  });
});
