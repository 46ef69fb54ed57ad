// The warm session's memory across edit/answer cycles, in one process with `--expose-gc`, so a
// retained program shows as heap that a full collection does not return (the agent-latency bench
// runs it; it can run alone):
//   node --expose-gc bench/session-memory.mjs <generated app dir> [cycles]
// Prints one JSON line: [{ cycle, rssMb, heapUsedMb }] at cycles 1, 10, 25, 50, 75, 100 (and the last).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { AnalysisSession } = await import(join(root, "dist/analyzer/analysis-session.js"));
const [dir, cyclesText = "100"] = process.argv.slice(2);
if (dir === undefined || typeof globalThis.gc !== "function") {
  console.error("usage: node --expose-gc bench/session-memory.mjs <app dir> [cycles]");
  process.exit(2);
}
const cycles = Number(cyclesText);
const edited = join(dir, "src/features/f3/model.ts");
const original = readFileSync(edited, "utf8");
const session = new AnalysisSession({ root: dir });
session.index();
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const points = [];
try {
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    writeFileSync(edited, `${original}\nexport const memoryCycle${cycle} = ${cycle};\n`);
    session.index();
    if ([1, 10, 25, 50, 75, 100, cycles].includes(cycle)) {
      globalThis.gc();
      const usage = process.memoryUsage();
      points.push({ cycle, rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed) });
    }
  }
} finally {
  writeFileSync(edited, original);
}
console.log(JSON.stringify(points));
