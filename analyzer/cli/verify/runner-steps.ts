// verify's steps for the selected tests another runner owns (cli/verify/runner-runs.ts says how
// each runner is started): which runner owns each, how they are named, and one step per run,
// a failed one per runner verify cannot start, or skipped ones under --vitest-only.
import path from "node:path";
import type { AffectedTestFile } from "../../affected/result.js";
import { widenedText } from "../affected-text.js";
import type { OtherRunner, TestRunner } from "./other-runner.js";
import {
  groupByRunner,
  runnerRuns,
  type LeftOutTests,
  type RunnerRun,
  type UnrunTests,
} from "./runner-runs.js";
import { notRun, spawnStep, type StepContext, type VerifyStep } from "./step.js";
import { selectedCases } from "./vitest-plan.js";
import { listText } from "../../text.js";

/**
 * Names the selected tests Vitest does not run, each with why (`importedRunner`: why Vitest's
 * defaults leave it to another runner), and whether verify runs them next.
 */
export function nameOthers(
  context: StepContext,
  others: readonly AffectedTestFile[],
  why: {
    readonly config: string | null;
    readonly importedRunner: ReadonlyMap<AffectedTestFile, string>;
    readonly owners: ReadonlyMap<AffectedTestFile, OtherRunner>;
    /** Whether Vitest runs some of the selected tests here. */
    readonly vitestRuns: boolean;
  },
): void {
  if (others.length === 0) return;
  const { config, importedRunner, owners } = why;
  const line = (file: AffectedTestFile) => {
    const owner = importedRunner.get(file) ?? owners.get(file)?.why;
    const reason =
      owner !== undefined
        ? ` (${owner})`
        : config === null
          ? " (Vitest's defaults do not include it)"
          : " (no runner of the project is known to include it)";
    return `  ${file.file}${reason}\n`;
  };
  const leftBy = config !== null ? `${config} does not include them; ` : "";
  const how = context.vitestOnly
    ? "--vitest-only: not run"
    : "each with its own runner below, where one is known";
  // Where Vitest runs none of the selected tests, they are simply the other runners' tests.
  const heading = why.vitestRuns ? `tests not run by vitest (${leftBy}${how})` : `tests (${how})`;
  context.log(`\n${heading}:\n${others.map(line).join("")}`);
}

/**
 * A step per run of another runner's selected `files` (this shard's, with --shard), and a failed
 * one per runner verify cannot start: those tests are selected and not run, so the change is
 * not verified. Under --vitest-only each runner's step is skipped instead.
 */
export function runnerSteps(
  context: StepContext,
  owners: ReadonlyMap<AffectedTestFile, OtherRunner>,
  files: readonly AffectedTestFile[],
): VerifyStep[] {
  const root = context.analysis.loaded.root;
  for (const file of files) context.othersRun?.add(path.join(root, file.file));
  const byRunner = groupByRunner(owners, files);
  if (context.vitestOnly) {
    return [...byRunner].map(([runner, list]) => {
      const why = `--vitest-only: ${runnerCases(runner, list)} not run`;
      context.log(`\ntests (${runner}): skipped\n  why: ${why}\n`);
      return notRun("tests", runner, why, "skipped");
    });
  }
  const { runs, unrun, leftOut } = runnerRuns(root, byRunner);
  return [
    ...leftOut.map((tests) => leftOutStep(context, tests)),
    ...runs.map((run) => runnerStep(context, run)),
    ...unrun.map((tests) => unrunStep(context, tests)),
  ];
}

/** `2 cases of 1 Jest test file`. */
function runnerCases(runner: TestRunner, files: readonly AffectedTestFile[]): string {
  return `${cases(selectedCases(files))} of ${files.length} ${runner} test file${files.length === 1 ? "" : "s"}`;
}

function cases(count: number): string {
  return `${count} case${count === 1 ? "" : "s"}`;
}

function runnerStep(context: StepContext, run: RunnerRun): VerifyStep {
  const { affected, widened } = context;
  const whose = runnerCases(run.runner, run.files);
  const why = widened
    ? `widened: ${widenedText(affected.widened)}; ${whose}, run by ${run.runner}`
    : `${whose}, of the ${cases(affected.tests.selected.cases)} the change can reach: ${run.runner} runs them (named above), whole files`;
  return spawnStep(context, "tests", run.cwd, run.tool, run.argv, why, run.shownArgs, run.env);
}

/** Selected files the runner's spec leaves out: named, skipped, no failure (runner-runs.ts). */
function leftOutStep(context: StepContext, tests: LeftOutTests): VerifyStep {
  const names = listText(
    tests.files.map((file) => file.file),
    { limit: 5 },
  );
  const why = `${names} ${tests.why}`;
  context.log(`\ntests (${tests.runner}): skipped\n  why: ${why}\n`);
  return {
    step: "tests",
    command: tests.runner,
    why,
    status: "skipped",
    durationMs: null,
    details: tests.files.map((file) => file.file),
  };
}

function unrunStep(context: StepContext, tests: UnrunTests): VerifyStep {
  const why = `${runnerCases(tests.runner, tests.files)} not run: ${tests.why}`;
  context.log(`\ntests (${tests.runner}): not run\n  why: ${why}\n`);
  return {
    step: "tests",
    command: tests.runner,
    why,
    status: "failed",
    durationMs: null,
    details: [tests.why, ...tests.files.map((file) => file.file)],
  };
}
