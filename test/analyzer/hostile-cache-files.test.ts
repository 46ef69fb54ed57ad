// The git-ignored caches beside the index (.agentix/fresh.json, .agentix/affected.json), and the
// index a fresh.json vouches for, that are a FIFO, a link to /dev/zero or too large are no caches:
// the verb analyses, as for a cache holding garbage, and never reads them. Before, a FIFO hung
// check, inspect, graph and affected forever and /dev/zero aborted them (std::bad_alloc, exit
// 134, or a segfault). The bin runs each case under a timeout, so a hang fails instead of
// stalling the suite, and an abort cannot take the test worker with it.
import { DAMAGED_CACHES, describeDamagedCaches } from "../support/damaged-caches.js";

// One case for each cache file here; hostile-cache-files.full.test.ts (npm run test:full, which
// CI runs) takes every one: each spawns the CLI on an analysis, 5-10 s.
describeDamagedCaches(
  DAMAGED_CACHES.filter(([name], at, all) => all.findIndex(([other]) => other === name) === at),
);
