// A workspace root analyses its projects one after another. Their analyses (programs, checkers,
// parsed sources: 15-20 MB for a package of 42 small modules) are kept while they take less than
// half of Node's heap limit, so that the answer reuses them; past that they are let go as soon as
// each project's summary is taken (project-analyses.ts), and a closure that needs one analyses
// that project again. Only when even that would not fit does agentix stop, between two projects,
// and say how to go on: past the heap limit V8 aborts with a fatal error, a native stack and
// exit 134.
import v8 from "node:v8";
import { HeapLimitError } from "../../errors.js";

/** What is left free besides two more projects like the average so far (a checker's peak). */
const MARGIN = 256 * 1024 * 1024;

export interface HeapReading {
  /** Bytes of heap in use now. */
  readonly used: number;
  /** Node's heap limit for this process (`--max-old-space-size`). */
  readonly limit: number;
}

export const heapReading = (): HeapReading => ({
  used: process.memoryUsage().heapUsed,
  limit: v8.getHeapStatistics().heap_size_limit,
});

/** Whether the analyses made so far are kept, or each is let go once summarised. */
export type HeapMode = "keep" | "release";

/**
 * Before project `done` of `total`: "keep" while the analyses kept so far and two more fit in half
 * the heap; "release" from the first time they do not (for the rest of the run); a HeapLimitError
 * when even the projects let go would not fit. `read` is for tests.
 */
export function heapBudget(
  total: number,
  read: () => HeapReading = heapReading,
): (done: number) => HeapMode {
  let start = read().used;
  let from = 0;
  let mode: HeapMode = "keep";
  return (done) => {
    if (done >= total) return mode;
    const { used, limit } = read();
    const perProject = Math.max(used - start, 0) / Math.max(done - from, 1);
    const next = used + 2 * perProject + MARGIN;
    if (mode === "keep") {
      if (next <= limit / 2) return mode;
      // From here each project's growth is its summary's, measured anew.
      mode = "release";
      start = used;
      from = done;
      return mode;
    }
    if (next <= limit) return mode;
    const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;
    const needed =
      Math.ceil((used + perProject * (total - done) * 1.25 + MARGIN) / 1024 ** 2 / 1024) * 1024;
    throw new HeapLimitError(
      `the workspace's ${total} projects need more memory than Node.js gives this process (heap limit ${gb(limit)}, ${gb(used)} in use after ${done} of them): run it with a larger heap (NODE_OPTIONS=--max-old-space-size=${needed}), or inside one package, or with --project`,
    );
  };
}
