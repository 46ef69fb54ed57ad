// The git-ignored caches beside the index (.agentix/fresh.json, .agentix/affected.json), and the
// index a fresh.json vouches for, that are a FIFO, a link to /dev/zero or too large are no caches:
// the verb analyses, as for a cache holding garbage, and never reads them. Before, a FIFO hung
// check, inspect, graph and affected forever and /dev/zero aborted them (std::bad_alloc, exit
// 134, or a segfault). The bin runs each case under a timeout, so a hang fails instead of
// stalling the suite, and an abort cannot take the test worker with it.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { answer, type Answer } from "../support/in-process-cli.js";

let root: string;
/** What each cache file held after `agentix index`, put back after each case. */
const saved = new Map<string, string>();
/** What the verbs answer by analysing (--fresh), keyed by the command line. */
const truth = new Map<string, Answer>();

const CHECK = ["check", "--json"];
const AFFECTED = ["affected", "orders", "--json"];
const CACHES = [".agentix/fresh.json", ".agentix/affected.json", ".agentix/index.json"];

const at = (file: string) => path.join(root, file);

/** The built CLI, killed after 60 s: a hang is code null. */
function bin(args: readonly string[]): Answer | { code: null } {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  return result.status === null
    ? { code: null }
    : { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  root = copyFixture("shop");
  expect((await answer(["index"], root)).code).toBe(0);
  for (const file of CACHES) saved.set(file, readFileSync(at(file), "utf8"));
  for (const args of [CHECK, AFFECTED])
    truth.set(args.join(" "), await answer([...args, "--fresh"], root));
}, 120_000);
afterEach(() => {
  // rm first: writing to a FIFO would wait for a reader.
  for (const [file, text] of saved) {
    rmSync(at(file), { force: true });
    writeFileSync(at(file), text);
  }
});
afterAll(removeCopies);

/** Puts something that is no cache in the place of `file`. */
const DAMAGE: Readonly<Record<string, (file: string) => void>> = {
  "a FIFO": (file) => execFileSync("mkfifo", [file]),
  "a link to /dev/zero": (file) => symlinkSync("/dev/zero", file),
  // Sparse: no disk is used, and only a read would take the time and the memory.
  "over 256 MiB": (file) => {
    writeFileSync(file, "{}");
    truncateSync(file, 257 * 1024 * 1024);
  },
};

describe("a cache file that is not one", { timeout: 180_000 }, () => {
  const cases: [string, string, readonly string[]][] = [
    ["fresh.json", "a FIFO", CHECK],
    ["fresh.json", "a FIFO", AFFECTED],
    ["fresh.json", "a link to /dev/zero", CHECK],
    ["fresh.json", "over 256 MiB", CHECK],
    ["affected.json", "a FIFO", AFFECTED],
    ["affected.json", "a link to /dev/zero", AFFECTED],
    // fresh.json vouches for the index it replaces: the index is what is read next.
    ["index.json", "a FIFO", CHECK],
    ["index.json", "a link to /dev/zero", CHECK],
  ];

  it.each(cases)("%s as %s: %j analyses, as for a damaged cache", (name, kind, args) => {
    const file = at(`.agentix/${name}`);
    rmSync(file);
    DAMAGE[kind]?.(file);
    expect(bin(args)).toEqual(truth.get(args.join(" ")));
  });
});
