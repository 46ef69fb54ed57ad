// `npm test`: every check the repository has, each after what it needs, with a timing summary at
// the end. A stage runs its lanes side by side, a lane its steps in order. Everything after the
// build reads only the built tree and its own scratch copies, so it is one stage: Vitest (a
// worker per core) in one lane, and beside it the single-threaded checks in order (type checking,
// linting, the acceptance run, `index --check`, the sampled mutation check), which use the time
// Vitest's workers wait on child processes and the end of its queue. Stops after the first stage
// with a failing step, as `a && b && c` would, and exits with that step's code.
//
//   node scripts/test.mjs            the suite as CI and contributors run it
//   node scripts/test.mjs --full     the mutation check over every mutant instead of a sample
import { runLanes, step } from "./lanes.mjs";

const full = process.argv.includes("--full");

const npmRun = (script) => ["npm", "run", "--silent", script];
const mutationCheck = (...projects) => [
  "node",
  "test/affected/mutation-check.mjs",
  ...projects,
  // One mutation of one of the projects, both rotating with the commit (mutation-check.mjs).
  ...(full ? [] : ["--sample", "1", "--sample-projects", "1"]),
];
const mutationName = full ? "mutation check (all)" : "mutation check (sample)";

/** Each stage: lanes that run at the same time, each a list of steps run in order. */
const stages = [
  { name: "build", lanes: [[step("build", npmRun("build"))]] },
  {
    name: "checks",
    lanes: [
      [step("vitest", ["npx", "vitest", "run"])],
      [
        step("typecheck", npmRun("typecheck")),
        step("lint", npmRun("lint")),
        step("acceptance", npmRun("acceptance")),
        step("index --check", npmRun("index:check")),
        step(
          mutationName,
          mutationCheck(
            "examples/orders",
            "test/fixtures/affected-app",
            "test/fixtures/real-shapes",
          ),
        ),
      ],
    ],
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = []; // { name, ms, code, depth }

const started = performance.now();
let failed;
let ran = 0;
for (const stage of stages) {
  const stageStart = performance.now();
  const { code, steps } = await runLanes(stage.lanes);
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
