import { afterEach, describe, expect, it, vi } from "vitest";
import { Progress, type CliIO } from "./io.js";

function io(stderrIsTTY: boolean): CliIO & { err: string[] } {
  const err: string[] = [];
  return { stdout: () => undefined, stderr: (text) => err.push(text), stderrIsTTY, cwd: "/", err };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the progress line", () => {
  it("shows on a terminal once a run takes a moment, and is erased when done", () => {
    vi.useFakeTimers({ now: 0 });
    const tty = io(true);
    const progress = new Progress(tty);
    progress.update("scanning", 250, 1000);
    expect(tty.err).toEqual([]);
    vi.setSystemTime(500);
    progress.update("scanning", 500, 1000);
    vi.setSystemTime(550);
    progress.update("scanning", 750, 1000);
    progress.done();
    expect(tty.err).toEqual(["\r\x1b[Kagentix: scanning 500/1000", "\r\x1b[K"]);
  });

  it("never writes when stderr is not a terminal", () => {
    vi.useFakeTimers({ now: 0 });
    const pipe = io(false);
    const progress = new Progress(pipe);
    vi.setSystemTime(5000);
    progress.update("scanning", 1, 2);
    progress.done();
    expect(pipe.err).toEqual([]);
  });
});
