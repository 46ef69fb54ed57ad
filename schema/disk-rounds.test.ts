// When cached disk facts are looked at again: each case fails when a round ends too early (a lint
// run re-checks what it just checked) or too late (an editor misses a change).
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import {
  DISK_ROUND_BATCH_MAX_MS,
  DISK_ROUND_MAX_MS,
  DISK_ROUND_QUIET_MS,
  diskRound,
  endDiskRound,
  lintRound,
} from "./disk-rounds.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(0); // set back from every earlier look-up: each case starts a round
});
afterEach(() => vi.useRealTimers());

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

it("goes on while look-ups come within DISK_ROUND_QUIET_MS of each other", () => {
  const round = diskRound();
  expect(diskRound()).toBe(round);
  later(DISK_ROUND_QUIET_MS);
  expect(diskRound()).toBe(round);
  later(DISK_ROUND_QUIET_MS);
  expect(diskRound()).toBe(round);
});

it("ends at a pause longer than DISK_ROUND_QUIET_MS", () => {
  const round = diskRound();
  later(DISK_ROUND_QUIET_MS + 1);
  const next = diskRound();
  expect(next).toBeGreaterThan(round);
  expect(diskRound()).toBe(next);
});

it("ends after DISK_ROUND_MAX_MS however busy, and the next round counts from there", () => {
  const round = diskRound();
  const step = DISK_ROUND_QUIET_MS / 2;
  for (let elapsed = step; elapsed <= DISK_ROUND_MAX_MS; elapsed += step) {
    later(step);
    expect(diskRound()).toBe(round);
  }
  later(step);
  const next = diskRound();
  expect(next).toBe(round + 1);
  later(step);
  expect(diskRound()).toBe(next);
});

it("ends when the clock is set back", () => {
  later(10_000);
  const round = diskRound();
  later(-1);
  expect(diskRound()).toBe(round + 1);
});

it("ends when asked to (a cache cleared), the next look-up starting the next round", () => {
  const round = diskRound();
  endDiskRound();
  expect(diskRound()).toBe(round + 1);
  expect(diskRound()).toBe(round + 1);
});

/** Lints `count` distinct files DISK_ROUND_QUIET_MS / 2 apart from now on; the rounds they saw. */
function lintBackToBack(count: number, name = (k: number) => `/p/src/f${k}.ts`): Set<number> {
  const rounds = new Set<number>();
  for (let k = 0; k < count; k += 1) {
    later(DISK_ROUND_QUIET_MS / 2);
    rounds.add(lintRound(name(k)));
    rounds.add(diskRound()); // the file's own look-ups
  }
  return rounds;
}

it("lasts up to DISK_ROUND_BATCH_MAX_MS while no file is linted twice in a row (a command-line run)", () => {
  const round = lintRound("/p/src/first.ts");
  const files = DISK_ROUND_BATCH_MAX_MS / (DISK_ROUND_QUIET_MS / 2);
  expect(DISK_ROUND_BATCH_MAX_MS).toBeGreaterThan(DISK_ROUND_MAX_MS);
  expect(lintBackToBack(files)).toEqual(new Set([round]));
  later(DISK_ROUND_QUIET_MS / 2);
  expect(lintRound("/p/src/late.ts")).toBe(round + 1);
});

it("ends after DISK_ROUND_MAX_MS once a file is linted again right after itself, before that file's look-ups", () => {
  const round = lintRound("/p/src/typed-in.ts");
  for (let elapsed = 0; elapsed <= DISK_ROUND_MAX_MS; elapsed += DISK_ROUND_QUIET_MS / 2) {
    later(DISK_ROUND_QUIET_MS / 2);
    expect(diskRound()).toBe(round);
  }
  const next = lintRound("/p/src/typed-in.ts");
  expect(next).toBe(round + 1);
  expect(diskRound()).toBe(next);
});

it("keeps a round younger than DISK_ROUND_MAX_MS when a file is linted again, then ends it at that age", () => {
  const round = lintRound("/p/src/a.ts");
  later(DISK_ROUND_QUIET_MS / 2);
  expect(lintRound("/p/src/a.ts")).toBe(round);
  // From here each file is new, but the round has had a file twice: it ends at DISK_ROUND_MAX_MS.
  const rounds = lintBackToBack(2 * (DISK_ROUND_MAX_MS / (DISK_ROUND_QUIET_MS / 2)));
  expect([...rounds]).toEqual([round, round + 1]);
});

it("keeps the batch when a file comes again after others (a run that lints it twice, not an editor)", () => {
  const round = lintRound("/p/src/a.ts");
  lintBackToBack(DISK_ROUND_MAX_MS / (DISK_ROUND_QUIET_MS / 2) + 1);
  later(DISK_ROUND_QUIET_MS / 2);
  expect(lintRound("/p/src/a.ts")).toBe(round);
});

it("forgets in a new round which file the last one linted", () => {
  const round = lintRound("/p/src/a.ts");
  later(DISK_ROUND_QUIET_MS + 1);
  expect(lintRound("/p/src/a.ts")).toBe(round + 1);
  // a.ts came once in this round: the files after it make a batch of their own.
  expect(lintBackToBack(3 * (DISK_ROUND_MAX_MS / (DISK_ROUND_QUIET_MS / 2)))).toEqual(
    new Set([round + 1]),
  );
});

it("keeps DISK_ROUND_MAX_MS for look-ups that name no linted file (the analyzer, a server)", () => {
  const round = diskRound();
  const rounds = new Set<number>();
  const step = DISK_ROUND_QUIET_MS / 2;
  // Past 2 x DISK_ROUND_MAX_MS by the steps the second round needs to outlast it too.
  for (let k = 0; k < (2 * DISK_ROUND_MAX_MS) / step + 2; k += 1) {
    later(step);
    rounds.add(diskRound());
  }
  expect([...rounds]).toEqual([round, round + 1, round + 2]);
});

it("starts a round at once when asked to, also in a batch", () => {
  const round = lintRound("/p/src/a.ts");
  endDiskRound();
  expect(lintRound("/p/src/b.ts")).toBe(round + 1);
});
