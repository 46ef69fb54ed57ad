// A committed .agentix/index.json that is a FIFO, a link to /dev/zero or too large is a project
// file agentix will not read: `index --check` and `verify` are exit 2 naming it, as for a
// package.json or tsconfig.json (README, exit codes). Before, a FIFO hung both and /dev/zero
// aborted them (std::bad_alloc) or ate all memory. The bin runs each case under a timeout, so a
// hang fails instead of stalling the suite, and an abort cannot take the test worker with it.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import type { Answer } from "../support/in-process-cli.js";
import { timedBin } from "../support/timed-bin.js";

let root: string;
const INDEX = ".agentix/index.json";
const at = (file: string) => path.join(root, file);

const bin = (args: readonly string[]) => timedBin(root, args);

beforeAll(() => {
  root = copyFixture("shop");
  mkdirSync(at(".agentix"));
});
afterEach(() => rmSync(at(INDEX), { recursive: true, force: true }));
afterAll(removeCopies);

const refused = (verb: string, reason: string): Answer => ({
  code: 2,
  stdout: "",
  stderr: `agentix ${verb}: ${INDEX} cannot be read: ${reason}\n`,
});

describe("an index file that is not a regular file", { timeout: 180_000 }, () => {
  it("a FIFO: index --check and verify are exit 2 naming it, never a hang", () => {
    execFileSync("mkfifo", [at(INDEX)]);
    const fifo = "it is a FIFO, not a regular file";
    expect(bin(["index", "--check"])).toEqual(refused("index", fifo));
    expect(bin(["index", "--check", "--json"])).toEqual(refused("index", fifo));
    expect(bin(["verify", "orders", "--dry-run"])).toEqual(refused("verify", fifo));
  });

  it("a link to /dev/zero: exit 2 naming it, never an abort", () => {
    symlinkSync("/dev/zero", at(INDEX));
    const device = "it is a character device, not a regular file";
    expect(bin(["index", "--check"])).toEqual(refused("index", device));
    expect(bin(["verify", "orders", "--dry-run", "--json"])).toEqual(refused("verify", device));
  });

  it("over 256 MiB: exit 2 naming its size, unread", () => {
    // Sparse: no disk is used, and only a read would take the time and the memory.
    writeFileSync(at(INDEX), "{}");
    truncateSync(at(INDEX), 257 * 1024 * 1024);
    expect(bin(["index", "--check"])).toEqual(
      refused("index", "it is 257 MB, over the 256 MB a project file may have"),
    );
  });

  it("a folder is a stale index, as before: index --check is exit 1 saying it cannot be read", () => {
    mkdirSync(at(INDEX));
    expect(bin(["index", "--check"])).toEqual({
      code: 1,
      stdout: `${INDEX} is stale:\n  - the index file cannot be read (EISDIR)\nrun \`agentix index\` and commit the result\n`,
      stderr: "",
    });
  });
});
