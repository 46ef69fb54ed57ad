// Shared by hostile-cache-files.test.ts (a sample) and its .full twin. The git-ignored caches
// beside the index (.agentix/fresh.json, .agentix/affected.json), and the index a fresh.json
// vouches for, that are a FIFO, a link to /dev/zero or too large are no caches: the verb
// analyses, as for a cache holding garbage, and never reads them. Before, a FIFO hung check,
// inspect, graph and affected forever and /dev/zero aborted them (std::bad_alloc, exit 134, or a
// segfault). The bin runs each case under a timeout (timed-bin.ts).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, removeCopies } from "./analyzer-fixtures.js";
import { answer, type Answer } from "./in-process-cli.js";
import { timedBin } from "./timed-bin.js";

let root: string;
/** What each cache file held after `agentix index`, put back after each case. */
const saved = new Map<string, string>();
/** What the verbs answer by analysing (--fresh), keyed by the command line. */
const truth = new Map<string, Answer>();

const CHECK = ["check", "--json"];
const AFFECTED = ["affected", "orders", "--json"];
const CACHES = [".agentix/fresh.json", ".agentix/affected.json", ".agentix/index.json"];

const at = (file: string) => path.join(root, file);

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

/** Each cache file, what stands in its place, and the command run: all of them. */
export const DAMAGED_CACHES: readonly (readonly [string, string, readonly string[]])[] = [
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

/** The cases given run against the shop fixture's index and caches, each put back after. */
export function describeDamagedCaches(
  cases: readonly (readonly [string, string, readonly string[]])[],
): void {
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

  describe("a cache file that is not one", { timeout: 180_000 }, () => {
    it.each(cases)("%s as %s: %j analyses, as for a damaged cache", (name, kind, args) => {
      const file = at(`.agentix/${name}`);
      rmSync(file);
      DAMAGE[kind]?.(file);
      expect(timedBin(root, args)).toEqual(truth.get(args.join(" ")));
    });
  });
}
