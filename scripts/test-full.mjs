// `npm run test:full`: what `npm test` only samples, in full. First the Vitest files named
// `*.full.test.ts` (vitest.config.ts leaves them out unless AGENTIX_FULL_SUITE=1), then the
// mutation check over every mutant. CI runs it after `npm test`, which builds dist/ first; run
// `npm run build` before it when running it alone.
import { runLanes, step } from "./lanes.mjs";

process.env.AGENTIX_FULL_SUITE = "1";

const lanes = [
  [
    step("vitest (full files)", ["npx", "vitest", "run", "--passWithNoTests", ".full.test.ts"]),
    step("mutation check (all)", ["node", "test/affected/mutation-check.mjs"]),
  ],
];

const started = performance.now();
const { code, steps } = await runLanes(lanes);
console.log("\ntest:full timings:");
for (const { name, ms, code: stepCode } of steps)
  console.log(
    `  ${name.padEnd(22)}  ${`${(ms / 1000).toFixed(1)} s`.padStart(8)}${stepCode === 0 ? "" : `  FAILED (exit ${stepCode})`}`,
  );
console.log(
  `  ${"total".padEnd(22)}  ${`${((performance.now() - started) / 1000).toFixed(1)} s`.padStart(8)}`,
);
process.exit(code);
