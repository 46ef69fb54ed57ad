// `agentix index` against `tsc --noEmit` on the same generated applications (500, 2,000 and
// 8,000 files by default), both cold in child processes: wall time, CPU time and peak memory,
// with ratios. Target: agentix at most 0.4x of tsc, and near-linear growth.
//
//   node bench/analyzer.bench.mjs                      # 500,2000,8000 files, best of 3 (1 at 8000)
//   ANALYZER_BENCH_SIZES=500,2000 ANALYZER_BENCH_RUNS=5 node bench/analyzer.bench.mjs
//
// The applications come from bench/generate-app.mjs (written under bench/.out/analyzer/,
// gitignored, and reused when already generated).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FILES_PER_FEATURE, generate } from "./generate-app.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const bin = join(root, "dist/analyzer/cli/main.js");
const sizes = (process.env.ANALYZER_BENCH_SIZES ?? "500,2000,8000").split(",").map(Number);
const runs = Number(process.env.ANALYZER_BENCH_RUNS ?? 3);

if (!existsSync(bin)) {
  console.error("analyzer bench: dist/analyzer is not built; run `npm run build` first");
  process.exit(1);
}

const time = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** Runs a command cold in a child process: wall seconds, CPU seconds (user + system), peak RSS in MB. */
function measure(command, args, cwd) {
  const started = process.hrtime.bigint();
  const result = time
    ? spawnSync(time, ["-f", "@@%U %S %M", command, ...args], { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
    : spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const match = /@@([\d.]+) ([\d.]+) (\d+)/u.exec(result.stderr ?? "");
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: (result.stderr ?? "").replace(/@@.*\n?$/u, ""),
    wall,
    cpu: match ? Number(match[1]) + Number(match[2]) : Number.NaN,
    rss: match ? Number(match[3]) / 1024 : Number.NaN,
  };
}

function best(samples, key) {
  return Math.min(...samples.map((sample) => sample[key]));
}

const rows = [];
for (const files of sizes) {
  const { dir, features } = generate(files);
  const count = runs > 0 && files >= 8000 ? 1 : runs;
  const tscRuns = [];
  const agentixRuns = [];
  for (let run = 0; run < count; run += 1) {
    // Alternate, so machine load affects both alike.
    const checked = measure(process.execPath, [tsc, "--noEmit", "-p", "tsconfig.json"], dir);
    if (checked.status !== 0) {
      console.error(`tsc failed on the ${files}-file project:\n${checked.stdout}${checked.stderr}`);
      process.exit(1);
    }
    tscRuns.push(checked);
    const indexed = measure(process.execPath, [bin, "index"], dir);
    if (indexed.status !== 0) {
      console.error(`agentix index failed on the ${files}-file project:\n${indexed.stdout}${indexed.stderr}`);
      process.exit(1);
    }
    agentixRuns.push(indexed);
  }
  const row = {
    files: features * FILES_PER_FEATURE + 1,
    features,
    tscWall: best(tscRuns, "wall"),
    agentixWall: best(agentixRuns, "wall"),
    tscCpu: best(tscRuns, "cpu"),
    agentixCpu: best(agentixRuns, "cpu"),
    tscRss: best(tscRuns, "rss"),
    agentixRss: best(agentixRuns, "rss"),
    runs: count,
    summary: agentixRuns[0].stdout.trim(),
  };
  rows.push(row);
  console.log(`${row.files} files: ${row.summary}`);
}

const pad = (value, width) => String(value).padStart(width);
const seconds = (value) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : "n/a");
console.log(`
agentix index vs tsc --noEmit (cold, child processes, best of the runs; CPU = user + system)
${["files", "runs", "tsc wall s", "agentix wall s", "wall ratio", "tsc CPU s", "agentix CPU s", "CPU ratio", "tsc MB", "agentix MB", "MB ratio", "agentix ms/file"]
  .map((h, i) => pad(h, i === 0 ? 6 : h.length + 1))
  .join(" ")}`);
for (const row of rows) {
  const cells = [
    row.files,
    row.runs,
    seconds(row.tscWall),
    seconds(row.agentixWall),
    ratio(row.agentixWall, row.tscWall),
    seconds(row.tscCpu),
    seconds(row.agentixCpu),
    ratio(row.agentixCpu, row.tscCpu),
    Number.isFinite(row.tscRss) ? row.tscRss.toFixed(0) : "n/a",
    Number.isFinite(row.agentixRss) ? row.agentixRss.toFixed(0) : "n/a",
    ratio(row.agentixRss, row.tscRss),
    ((row.agentixWall * 1000) / row.files).toFixed(2),
  ];
  console.log(cells.map((cell, i) => pad(cell, i === 0 ? 6 : ["files", "runs", "tsc wall s", "agentix wall s", "wall ratio", "tsc CPU s", "agentix CPU s", "CPU ratio", "tsc MB", "agentix MB", "MB ratio", "agentix ms/file"][i].length + 1)).join(" "));
}
if (rows.length > 1) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const growth = last.agentixWall / first.agentixWall;
  const size = last.files / first.files;
  console.log(`\ngrowth: ${size.toFixed(1)}x the files took ${growth.toFixed(1)}x the time for agentix (${(last.tscWall / first.tscWall).toFixed(1)}x for tsc)`);
}
const worst = Math.max(...rows.map((row) => row.agentixWall / row.tscWall));
console.log(`target: agentix at most 0.4x of tsc --noEmit; worst wall ratio here ${worst.toFixed(2)}x`);
