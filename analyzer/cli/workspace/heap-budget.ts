// Each project of a workspace is analysed and kept until the answer is made: memory grows with
// their number (about 10-15 MB for a package of 40 small modules). Past Node's heap limit V8
// aborts with a fatal error, a native stack and exit 134; checked between two projects, agentix
// stops first and says how to go on.
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

const reading = (): HeapReading => ({
  used: process.memoryUsage().heapUsed,
  limit: v8.getHeapStatistics().heap_size_limit,
});

/** Throws a HeapLimitError when the next projects would not fit; `read` is for tests. */
export function heapBudget(total: number, read: () => HeapReading = reading) {
  const start = read().used;
  return (done: number): void => {
    if (done >= total) return;
    const { used, limit } = read();
    const perProject = Math.max(used - start, 0) / Math.max(done, 1);
    if (used + 2 * perProject + MARGIN <= limit) return;
    const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;
    const needed =
      Math.ceil((start + perProject * total * 1.25 + MARGIN) / 1024 ** 2 / 1024) * 1024;
    throw new HeapLimitError(
      `the workspace's ${total} projects need more memory than Node.js gives this process (heap limit ${gb(limit)}, ${gb(used)} in use after ${done} of them): run it with a larger heap (NODE_OPTIONS=--max-old-space-size=${needed}), or inside one package, or with --project`,
    );
  };
}
