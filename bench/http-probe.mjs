// Loaded into each server of bench/http.bench.mjs with `--import`: what the server's own event
// loop went through during a round, so a tail latency can be told apart from a stall of the
// process (the machine not scheduling it, a GC pause). The bench asks over the IPC channel;
// the answer covers the time since the previous question. The server itself is unchanged.
import { PerformanceObserver, constants, monitorEventLoopDelay } from "node:perf_hooks";

if (typeof process.send === "function") {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { ms: 0, maxMs: 0, major: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
    }
  }).observe({ entryTypes: ["gc"] });
  process.on("message", (message) => {
    if (message !== "http-bench:probe") return;
    process.send({
      probe: {
        loopP99Ms: delay.percentile(99) / 1e6,
        loopMaxMs: delay.max / 1e6,
        gcMs: gc.ms,
        gcMaxMs: gc.maxMs,
        majorGcs: gc.major,
      },
    });
    delay.reset();
    gc = { ms: 0, maxMs: 0, major: 0 };
  });
  // The channel must not keep a server alive that would otherwise exit.
  process.channel?.unref();
}
