// Runs every scenario against every app, a few processes at a time, and keeps the results in
// scenario order whatever order they finish in.
import type { AppUnderTest } from "./launch.js";
import { runScenario, type ScenarioRun } from "./run-scenario.js";
import type { Scenario } from "./scenario.js";

export interface ContractRun {
  readonly apps: readonly AppUnderTest[];
  readonly scenarios: readonly Scenario[];
  /** `runs[scenario][app]`, in the order given. */
  readonly runs: readonly (readonly ScenarioRun[])[];
  readonly passed: boolean;
}

export async function runContract(apps: readonly AppUnderTest[], scenarios: readonly Scenario[], options: { readonly jobs?: number } = {}): Promise<ContractRun> {
  const tasks = scenarios.flatMap((scenario, row) => apps.map((app, column) => ({ scenario, app, row, column })));
  const runs: ScenarioRun[][] = scenarios.map(() => []);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task === undefined) break;
      (runs[task.row] as ScenarioRun[])[task.column] = await runScenario(task.app, task.scenario);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 6) }, worker));
  return { apps, scenarios, runs, passed: runs.every((row) => row.every((run) => run.problems.length === 0)) };
}
