// `npm test`: every check the repository has, in the order each needs the last, with a timing
// summary at the end. A stage runs its lanes side by side (two cores: type checking beside
// linting, the acceptance run and the index check beside the sampled mutation check, which reads
// only the built tree); a lane runs its steps in order. Stops after the first stage with a
// failing step, as `a && b && c` would, and exits with that step's code.
//
//   node scripts/test.mjs            the suite as CI and contributors run it
//   node scripts/test.mjs --full     the mutation check over every mutant instead of a sample
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../", import.meta.url));
const full = process.argv.includes("--full");

const step = (name, command) => ({ name, command });
const npmRun = (script) => ["npm", "run", "--silent", script];
const mutationCheck = (...projects) => [
  "node",
  "test/affected/mutation-check.mjs",
  ...projects,
  ...(full ? [] : ["--sample", "2"]),
];
const mutationName = full ? "mutation check (all)" : "mutation check (sample)";

/** Each stage: lanes that run at the same time, each a list of steps run in order. */
const stages = [
  { name: "build", lanes: [[step("build", npmRun("build"))]] },
  {
    name: "typecheck + lint",
    lanes: [[step("typecheck", npmRun("typecheck"))], [step("lint", npmRun("lint"))]],
  },
  { name: "vitest", lanes: [[step("vitest", ["npx", "vitest", "run"])]] },
  {
    name: `acceptance, index --check, ${mutationName}`,
    lanes: [
      [step("acceptance", npmRun("acceptance")), step("index --check", npmRun("index:check"))],
      // The three mutation projects as two processes, so that both cores work.
      [step(`${mutationName}: orders`, mutationCheck("examples/orders"))],
      [
        step(
          `${mutationName}: fixtures`,
          mutationCheck("test/fixtures/affected-app", "test/fixtures/real-shapes"),
        ),
      ],
    ],
  },
];

/** Runs one command with its output on ours; resolves to its exit code. */
function execute([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repo, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`test: could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = []; // { name, ms, code, depth }

/** Runs a lane's steps in order, stopping at the first failure; records each step's time. */
async function runLane(lane, records) {
  for (const { name, command } of lane) {
    const start = performance.now();
    const code = await execute(command);
    records.push({ name, ms: performance.now() - start, code });
    if (code !== 0) return code;
  }
  return 0;
}

const started = performance.now();
let failed;
let ran = 0;
for (const stage of stages) {
  const stageStart = performance.now();
  const records = stage.lanes.map(() => []);
  const codes = await Promise.all(stage.lanes.map((lane, index) => runLane(lane, records[index])));
  const code = codes.find((value) => value !== 0) ?? 0;
  const steps = records.flat();
  ran += 1;
  if (steps.length === 1 && steps[0].name === stage.name) timings.push({ ...steps[0], depth: 0 });
  else {
    timings.push({ name: stage.name, ms: performance.now() - stageStart, code, depth: 0 });
    for (const record of steps) timings.push({ ...record, depth: 1 });
  }
  if (code !== 0) {
    failed = { stage: stage.name, code };
    break;
  }
}

const label = ({ name, depth }) => `${"  ".repeat(depth)}${name}`;
const width = Math.max(...timings.map((timing) => label(timing).length), 5);
console.log("\ntest timings:");
for (const timing of timings)
  console.log(
    `  ${label(timing).padEnd(width)}  ${seconds(timing.ms).padStart(8)}${timing.code === 0 ? "" : `  FAILED (exit ${timing.code})`}`,
  );
for (const stage of stages.slice(ran)) console.log(`  ${stage.name.padEnd(width)}   skipped`);
console.log(`  ${"total".padEnd(width)}  ${seconds(performance.now() - started).padStart(8)}`);
if (failed) {
  console.error(`\nnpm test failed at ${failed.stage}`);
  process.exit(failed.code);
}
