// What an agent waits for: one answer after a one-file edit on the generated 2,000-file app
// (bench/generate-app.mjs). Side by side in one run: a cold CLI run (a fresh process analysing
// everything), the CLI with a fresh index on disk, and the warm `agentix mcp` server (SDK client
// over stdio) refreshing only the edited file. Then the server's memory across edit/answer cycles,
// and the same cycles' heap after a full GC in one process (bench/session-memory.mjs).
// The fresh-index column runs `agentix index` after the edit (untimed), then the question: inspect
// answers from the index (.agentix/fresh.json proves it fresh), affected from the units and uses
// `agentix index` recorded beside it (.agentix/affected.json); each answer must equal the cold one.
// Target: warm/cold and fresh/cold each at most 0.1. Each ratio is given three times: wall time,
// CPU time of all threads (the machine is shared; CPU time is what load does not inflate), and
// CPU time of the main thread alone: the answer's own path, without the JIT compiler's and the
// garbage collector's helper threads, which run beside it when a core is free.
//
//   node bench/agent-latency.bench.mjs
//   AGENT_BENCH_FILES=500 AGENT_BENCH_CYCLES=20 AGENT_BENCH_RUNS=1 node bench/agent-latency.bench.mjs
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { generate } from "./generate-app.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "dist/analyzer/cli/main.js");
const files = Number(process.env.AGENT_BENCH_FILES ?? 2000);
const cycles = Number(process.env.AGENT_BENCH_CYCLES ?? 100);
const runs = Number(process.env.AGENT_BENCH_RUNS ?? 2);

if (!existsSync(bin)) {
  console.error("agent-latency bench: dist/ is not built; run `npm run build` first");
  process.exit(1);
}

const { dir } = generate(files);
const edited = join(dir, "src/features/f3/model.ts");
const original = readFileSync(edited, "utf8");
let edits = 0;
/** A one-file edit an agent might make: a new exported function in a model file. */
function edit() {
  edits += 1;
  writeFileSync(edited, `${original}\nexport function added${edits}(value: number): number {\n  return value + ${edits};\n}\n`);
}

const QUESTIONS = {
  inspect: { argv: ["inspect", "f3.create"], args: { target: "f3.create" } },
  affected: { argv: ["affected", "src/features/f3/model.ts"], args: { targets: ["src/features/f3/model.ts"] } },
};

/** Makes a CLI process print its CPU time (all threads; its main thread's) last on stderr. */
const CPU_REPORT = `data:text/javascript,${encodeURIComponent('import { readFileSync, writeSync } from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); const main = Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6; writeSync(2, `\\nagent-bench-cpu-ms ${(u.user + u.system) / 1000} ${main}\\n`); });')}`;

function cli(argv) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--import", CPU_REPORT, bin, ...argv, "--json", "--compact"], { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`agentix ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  const cpu = /agent-bench-cpu-ms (\S+) (\S+)\n$/u.exec(result.stderr);
  if (!cpu) throw new Error(`agentix ${argv.join(" ")}: no CPU report on stderr: ${result.stderr}`);
  return { ms: performance.now() - started, cpuMs: Number(cpu[1]), mainMs: Number(cpu[2]), text: result.stdout.trim() };
}

/** CPU time (ms) the process has run so far: all its threads, and its main thread (schedstat, ns). */
function cpuMsOf(pid) {
  let ns = 0;
  let main = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const taskNs = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      ns += taskNs;
      if (task === String(pid)) main = taskNs;
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return { all: ns / 1e6, main: main / 1e6 };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/u.exec(status)[1]) / 1024;
}

const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", "--root", dir], stderr: "ignore" });
const client = new Client({ name: "agent-latency-bench", version: "1.0.0" });
await client.connect(transport);
async function warm(name) {
  const started = performance.now();
  const before = cpuMsOf(transport.pid);
  // A first load on a busy machine can take longer than the SDK's default 60 s.
  const result = await client.callTool({ name, arguments: QUESTIONS[name].args }, undefined, { timeout: 900_000 });
  if (result.isError) throw new Error(`${name}: ${result.content[0].text}`);
  const after = cpuMsOf(transport.pid);
  return { ms: performance.now() - started, cpuMs: after.all - before.all, mainMs: after.main - before.main, text: result.content[0].text };
}
await warm("inspect"); // the server's first load, not measured

const rows = [];
for (const name of Object.keys(QUESTIONS)) {
  const samples = { cold: [], fresh: [], warm: [], index: [], coldCpu: [], freshCpu: [], warmCpu: [], coldMain: [], freshMain: [], warmMain: [] };
  for (let run = 0; run < runs; run += 1) {
    edit();
    const cold = cli(QUESTIONS[name].argv);
    samples.cold.push(cold.ms);
    samples.coldCpu.push(cold.cpuMs);
    samples.coldMain.push(cold.mainMs);
    const answer = await warm(name);
    samples.warm.push(answer.ms);
    samples.warmCpu.push(answer.cpuMs);
    samples.warmMain.push(answer.mainMs);
    if (answer.text !== cold.text) throw new Error(`${name}: the warm answer differs from the cold one`);
    const indexStarted = performance.now();
    const indexed = spawnSync(process.execPath, [bin, "index"], { cwd: dir, encoding: "utf8" });
    samples.index.push(performance.now() - indexStarted);
    if (indexed.status !== 0) throw new Error(`agentix index exited ${indexed.status}: ${indexed.stderr}`);
    const fresh = cli(QUESTIONS[name].argv);
    if (fresh.text !== cold.text) throw new Error(`${name}: the fresh-index answer differs from the cold one`);
    samples.fresh.push(fresh.ms);
    samples.freshCpu.push(fresh.cpuMs);
    samples.freshMain.push(fresh.mainMs);
  }
  const best = (values) => Math.min(...values);
  rows.push(Object.fromEntries([["name", name], ...Object.entries(samples).map(([key, values]) => [key, best(values)])]));
}

const pid = transport.pid;
const memory = [];
let slowest = 0;
const cycleCpu = [];
const cycleMain = [];
for (let cycle = 1; cycle <= cycles; cycle += 1) {
  edit();
  const answer = await warm("inspect");
  slowest = Math.max(slowest, answer.ms);
  cycleCpu.push(answer.cpuMs);
  cycleMain.push(answer.mainMs);
  if (cycle === 1 || cycle === 10 || cycle % 25 === 0) memory.push([cycle, rssMb(pid)]);
}
await client.close();
writeFileSync(edited, original);

// The same cycles in one process with --expose-gc: heap after a full collection (what is retained).
const heap = spawnSync(process.execPath, ["--expose-gc", join(root, "bench/session-memory.mjs"), dir, String(cycles)], { encoding: "utf8" });
if (heap.status !== 0) throw new Error(`session-memory exited ${heap.status}: ${heap.stderr}`);
const heapPoints = JSON.parse(heap.stdout.trim().split("\n").at(-1));

const seconds = (ms) => (ms / 1000).toFixed(2);
console.log(`\nagent latency on the generated ${files}-file app, one-file edit before each answer (best of ${runs})`);
const GOAL = 0.1;
const ratio = (value) => `${value.toFixed(2)} ${value <= GOAL ? "met" : "NOT met"}`;
const triple = (wall, cpu, main) => `${seconds(wall)} (${seconds(cpu)}, ${seconds(main)})`;
console.log(`times: wall s (CPU s of all threads, of the main thread); goal ${GOAL} for each ratio`);
console.log(`question   cold CLI            fresh-index CLI     warm MCP            fresh/cold: wall, CPU, main      warm/cold: wall, CPU, main`);
for (const row of rows) {
  const ratios = (kind) =>
    [row[kind] / row.cold, row[`${kind}Cpu`] / row.coldCpu, row[`${kind}Main`] / row.coldMain].map(ratio).join(", ");
  console.log(
    [
      row.name.padEnd(10),
      triple(row.cold, row.coldCpu, row.coldMain).padEnd(19),
      triple(row.fresh, row.freshCpu, row.freshMain).padEnd(19),
      triple(row.warm, row.warmCpu, row.warmMain).padEnd(19),
      ratios("fresh").padEnd(32),
      ratios("warm"),
    ].join(" "),
  );
}
console.log(`agentix index (untimed above; it records what both fresh answers read): ${rows.map((row) => `${seconds(row.index)} s`).join(", ")}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nwarm server memory across ${cycles} edit/inspect cycles (RSS MB): ${memory.map(([c, mb]) => `${c}: ${mb.toFixed(0)}`).join(", ")}; slowest answer ${seconds(slowest)} s; CPU per answer (all threads / main thread): median ${seconds(median(cycleCpu))} / ${seconds(median(cycleMain))} s, first ${seconds(cycleCpu[0])} / ${seconds(cycleMain[0])} s`);
console.log(`warm session in one process, after a full GC, across ${cycles} edit/index cycles (heapUsed MB / RSS MB): ${heapPoints.map((p) => `${p.cycle}: ${p.heapUsedMb} / ${p.rssMb}`).join(", ")}`);
