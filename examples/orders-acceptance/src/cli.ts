// `npm run acceptance`: the shared contract against both orders apps (built: `npm run build`),
// a side-by-side table, exit 1 when any scenario fails anywhere.
//   node examples/orders-acceptance/dist/cli.js [--only <text>] [--jobs <n>] [--app <name>=<main.js>]...
// `--app` replaces the two apps with those given (e.g. an altered build, to see a failure).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AppUnderTest } from "./launch.js";
import { formatReport } from "./report.js";
import { runContract } from "./run-contract.js";
import { loadScenarios, ScenarioError } from "./scenario.js";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const scenariosDirectory = fileURLToPath(new URL("../scenarios/", import.meta.url));
const defaultApps: AppUnderTest[] = [
  { name: "agentix app", main: resolve(repository, "examples/orders/dist/main.js") },
  { name: "plain app", main: resolve(repository, "examples/orders-plain/dist/main.js") },
];

function fail(message: string): never {
  console.error(`acceptance: ${message}`);
  process.exit(2);
}

let options;
try {
  options = parseArgs({ options: { only: { type: "string" }, jobs: { type: "string" }, app: { type: "string", multiple: true } } }).values;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const apps = (options.app ?? []).map((value): AppUnderTest => {
  const separator = value.indexOf("=");
  if (separator <= 0) fail(`--app wants <name>=<path to main.js>, got ${JSON.stringify(value)}`);
  return { name: value.slice(0, separator), main: resolve(value.slice(separator + 1)) };
});
const underTest = apps.length > 0 ? apps : defaultApps;
for (const app of underTest) if (!existsSync(app.main)) fail(`${app.name}: ${app.main} does not exist (run \`npm run build\`)`);

// Most of a run is waiting for a process to start or answer, so more runs than cores pay off.
const jobs = options.jobs === undefined ? 6 : Number(options.jobs);
if (!Number.isInteger(jobs) || jobs < 1) fail(`--jobs wants a positive whole number, got ${JSON.stringify(options.jobs)}`);

let scenarios;
try {
  scenarios = loadScenarios(scenariosDirectory);
} catch (error) {
  if (error instanceof ScenarioError) fail(error.message);
  throw error;
}
const only = options.only;
if (only !== undefined) scenarios = scenarios.filter((scenario) => scenario.id.includes(only));
if (scenarios.length === 0) fail(`no scenario matches ${JSON.stringify(only)}`);

const started = performance.now();
const result = await runContract(underTest, scenarios, { jobs });
console.log(formatReport(result));
console.log(`(${String(Math.round(performance.now() - started))} ms)`);
process.exit(result.passed ? 0 : 1);
