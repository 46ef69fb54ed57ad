// `npm test`: every check the repository has, in the order each needs the last, with a timing
// summary at the end. Type checking and linting read the same built tree and are independent,
// so they run side by side (each is one single-threaded process: two cores, half the wait).
// Stops at the first failing stage, as `a && b && c` would, and exits with its code.
//
//   node scripts/test.mjs            the suite as CI and contributors run it
//   node scripts/test.mjs --full     the mutation check over every mutant instead of a sample
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../", import.meta.url));
const full = process.argv.includes("--full");

/** One stage: its label and the commands it runs at the same time. */
const stages = [
  { name: "build", commands: [["npm", "run", "--silent", "build"]] },
  {
    name: "typecheck + lint",
    commands: [
      ["npm", "run", "--silent", "typecheck"],
      ["npm", "run", "--silent", "lint"],
    ],
  },
  { name: "vitest", commands: [["npx", "vitest", "run"]] },
  { name: "acceptance", commands: [["npm", "run", "--silent", "acceptance"]] },
  { name: "index --check", commands: [["npm", "run", "--silent", "index:check"]] },
  {
    name: full ? "mutation check (all)" : "mutation check (sample)",
    commands: [["node", "test/affected/mutation-check.mjs", ...(full ? [] : ["--sample", "2"])]],
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
const timings = [];
const started = performance.now();
let failed;
for (const stage of stages) {
  const stageStart = performance.now();
  const codes = await Promise.all(stage.commands.map(execute));
  const code = codes.find((value) => value !== 0) ?? 0;
  timings.push({ name: stage.name, ms: performance.now() - stageStart, code });
  if (code !== 0) {
    failed = { stage: stage.name, code };
    break;
  }
}

const width = Math.max(...stages.map((stage) => stage.name.length));
console.log("\ntest timings:");
for (const { name, ms, code } of timings)
  console.log(
    `  ${name.padEnd(width)}  ${seconds(ms).padStart(8)}${code === 0 ? "" : `  FAILED (exit ${code})`}`,
  );
for (const stage of stages.slice(timings.length))
  console.log(`  ${stage.name.padEnd(width)}   skipped`);
console.log(`  ${"total".padEnd(width)}  ${seconds(performance.now() - started).padStart(8)}`);
if (failed) {
  console.error(`\nnpm test failed at ${failed.stage}`);
  process.exit(failed.code);
}
