import { afterEach, describe, expect, it, vi } from "vitest";
import { setDeadline } from "./deadline-queue.js";

afterEach(() => {
  vi.useRealTimers();
});

/** A target that records when (in fake milliseconds) it expired. */
function recorder(log: string[], name: string) {
  return { expire: () => log.push(`${name}@${Date.now()}`) };
}

const liveTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

describe("the shared deadline queue", () => {
  it("expires deadlines of any durations in time order, each no earlier than its own time", () => {
    vi.useFakeTimers({ now: 0 });
    const log: string[] = [];
    setDeadline(30, recorder(log, "a"));
    setDeadline(10, recorder(log, "b"));
    setDeadline(20, recorder(log, "c"));
    setDeadline(10, recorder(log, "d"));
    vi.advanceTimersByTime(9);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(["b@10", "d@10"]);
    vi.advanceTimersByTime(20);
    expect(log).toEqual(["b@10", "d@10", "c@20", "a@30"]);
  });

  it("never expires a cancelled deadline, and cancelling twice or after it expired does nothing", () => {
    vi.useFakeTimers({ now: 0 });
    const log: string[] = [];
    const first = setDeadline(10, recorder(log, "first"));
    const second = setDeadline(10, recorder(log, "second"));
    const third = setDeadline(20, recorder(log, "third"));
    first.cancel();
    first.cancel();
    vi.advanceTimersByTime(10);
    second.cancel();
    vi.advanceTimersByTime(10);
    third.cancel();
    expect(log).toEqual(["second@10", "third@20"]);
  });

  it("a shorter deadline set after a longer one still expires first", () => {
    vi.useFakeTimers({ now: 0 });
    const log: string[] = [];
    setDeadline(1_000, recorder(log, "long"));
    setDeadline(5, recorder(log, "short"));
    vi.advanceTimersByTime(5);
    expect(log).toEqual(["short@5"]);
    vi.advanceTimersByTime(995);
    expect(log).toEqual(["short@5", "long@1000"]);
  });

  it("keeps only the live deadlines once cancelled ones pile up, and still expires those", () => {
    vi.useFakeTimers({ now: 0 });
    const log: string[] = [];
    const deadlines = Array.from({ length: 1_000 }, (_, index) => setDeadline(100 + index, recorder(log, String(index))));
    for (const [index, deadline] of deadlines.entries()) if (index % 100 !== 0) deadline.cancel();
    vi.advanceTimersByTime(1_100);
    expect(log).toEqual(Array.from({ length: 10 }, (_, index) => `${index * 100}@${100 + index * 100}`));
  });

  it("sets a deadline from inside an expiry", () => {
    vi.useFakeTimers({ now: 0 });
    const log: string[] = [];
    setDeadline(10, { expire: () => void setDeadline(10, recorder(log, "again")) });
    vi.advanceTimersByTime(20);
    expect(log).toEqual(["again@20"]);
  });

  it("keeps the process alive while a deadline is pending, and not once every one is cancelled", () => {
    const before = liveTimers();
    const deadlines = [setDeadline(60_000, { expire: () => {} }), setDeadline(60_000, { expire: () => {} })];
    expect(liveTimers()).toBe(before + 1);
    deadlines[0]?.cancel();
    expect(liveTimers()).toBe(before + 1);
    deadlines[1]?.cancel();
    expect(liveTimers()).toBe(before);
    const again = setDeadline(60_000, { expire: () => {} });
    expect(liveTimers()).toBe(before + 1);
    again.cancel();
    expect(liveTimers()).toBe(before);
  });

  it("gives fake timers installed while a real deadline is pending their own clock", async () => {
    const log: string[] = [];
    const real = setDeadline(40, { expire: () => log.push("real") });
    vi.useFakeTimers({ now: 0 });
    setDeadline(1_000, recorder(log, "fake"));
    vi.advanceTimersByTime(1_000);
    expect(log).toEqual(["fake@1000"]);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(log).toEqual(["fake@1000", "real"]);
    real.cancel();
  });
});
