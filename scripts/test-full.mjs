// `npm run test:full`: the Vitest files named `*.full.test.ts`, which hold in full what `npm test`
// samples (vitest.config.ts leaves them out unless AGENTIX_FULL_SUITE=1). CI runs it after
// `npm test`, which builds dist/ first; run `npm run build` before it when running it alone.
// Extra arguments go to Vitest (`npm run test:full -- fresh-index`).
import { execute } from "./lanes.mjs";

process.env.AGENTIX_FULL_SUITE = "1";
const filters = process.argv.slice(2);
process.exit(
  await execute([
    "npx",
    "vitest",
    "run",
    "--passWithNoTests",
    ...(filters.length > 0 ? filters : [".full.test.ts"]),
  ]),
);
