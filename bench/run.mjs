// Runs every bench/*.bench.mjs (or those named on the command line) in turn, against the built
// package in dist/ (run `npm run build` first; `npm test` and `npm run demo` do). Each bench prints its own table
// with ratios against a baseline measured side by side in the same run.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith(".bench.mjs"))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ["--expose-gc", join(here, name)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
