// When cached disk facts are looked at again: each case fails when a round ends too early (a lint
// run re-checks what it just checked) or too late (an editor misses a change).
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { DISK_ROUND_MAX_MS, DISK_ROUND_QUIET_MS, diskRound, endDiskRound } from "./disk-rounds.js";

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
