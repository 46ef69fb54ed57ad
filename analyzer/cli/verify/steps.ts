// The four steps of `agentix verify`, each saying what it runs and why: typecheck, lint (the
// plugin's rule logic in-process), the committed index (regenerated), and exactly the selected
// tests (another runner's with that runner: runner-steps.ts). Under --dry-run each step is
// planned, not run.
import { existsSync } from "node:fs";
import path from "node:path";
import { RULES } from "../../../eslint-plugin/rule-registry.js";
import { toPosix } from "../../../schema/paths.js";
import {
  INDEX_FILE_LIMIT,
  ProjectFileError,
  readProjectBytes,
} from "../../../schema/read-project-file.js";
import type { AffectedTestFile } from "../../affected/result.js";
import { buildValidatedIndex } from "../../index-builder/build-index.js";
import { serializeIndex } from "../../index-file/serialize.js";
import { compareIndex } from "../../index-file/staleness.js";
import { indexPath, writeFileAtomic } from "../../index-file/write.js";
import { fileAccessError } from "../../errors.js";
import { recordFreshness } from "../../freshness/freshness.js";
import { collectViolations } from "../../violations/collect.js";
import { widenedText } from "../affected-text.js";
import { toolBin } from "./tools.js";
import { selectedCases, vitestPlan, type OtherConfigRun } from "./vitest-plan.js";
import { importsVitest } from "./other-runner.js";
import { nameOthers, runnerSteps } from "./runner-steps.js";
import { ownersOf } from "./runner-runs.js";
import { shardFiles } from "../../affected/shard.js";
import {
  notRun,
  seconds,
  shown,
  spawnStep,
  timed,
  type StepContext,
  type VerifyStep,
} from "./step.js";

export type { IndexAction, StepContext, StepName, VerifyStep } from "./step.js";

export function typecheckStep(context: StepContext): VerifyStep {
  const { loaded } = context.analysis;
  // Nothing the program compiles changed (a workspace package reached only for its tests that
  // drive another package's application): it type-checks as it did before.
  const { affected } = context;
  if (!context.widened && affected.changes.length === 0 && affected.affected.files.length === 0) {
    const why = "no file this project compiles changed or was reached: its types are as they were";
    context.log(`\ntypecheck: skipped\n  why: ${why}\n`);
    return notRun("typecheck", "tsc", why, "skipped");
  }
  const tsc = toolBin(loaded.root, "typescript", "tsc");
  // Shown from the folder tsc runs in (the step's cwd), so the command runs again from there.
  const tsconfig = toPosix(path.relative(loaded.root, loaded.tsconfigFile)) || ".";
  if (tsc === undefined) {
    const why = "typescript is not installed for this project";
    context.log(`\ntypecheck: skipped\n  why: ${why}\n`);
    return notRun("typecheck", "tsc", why, "skipped");
  }
  // tsc runs in the project's folder with the absolute tsconfig; the command shows it from here.
  const absolute = loaded.tsconfigFile;
  return loaded.projectReferences.length > 0
    ? spawnStep(
        context,
        "typecheck",
        loaded.root,
        "tsc",
        [tsc, "-b", absolute],
        "the tsconfig uses project references: tsc -b checks the referenced projects the change reaches and reuses the rest",
        ["-b", tsconfig],
      )
    : spawnStep(
        context,
        "typecheck",
        loaded.root,
        "tsc",
        [tsc, "--noEmit", "-p", absolute],
        "no project references: the program type-checks as one unit, so a narrower check would not be safe",
        ["--noEmit", "-p", tsconfig],
      );
}

/** The plugin's rules, through the logic the ESLint plugin runs, on the affected files. */
export function lintStep(context: StepContext): VerifyStep {
  const { analysis, affected, widened } = context;
  const files = new Set(
    widened ? analysis.loaded.files.map((file) => file.path) : affected.affected.files,
  );
  const command = `agentix rules (${RULES.map((rule) => rule.name).join(", ")}) on ${files.size} file${files.size === 1 ? "" : "s"}`;
  const why = widened
    ? "widened: every file"
    : "the affected files; the rules look at one file (and the contracts it names) at a time";
  context.log(`\nlint: ${command}\n  why: ${why}\n`);
  if (context.dryRun) return notRun("lint", command, why, "planned");
  const { value: violations, ms } = timed(() =>
    collectViolations(analysis).filter((violation) => files.has(violation.file)),
  );
  const details = violations.map((v) => `${v.file}:${v.line}:${v.column} ${v.rule} ${v.message}`);
  for (const line of details) context.io.stderr(`${line}\n`);
  // A rule agentix.config.json sets to "warn" is shown, and fails nothing.
  const errors = violations.filter((v) => v.severity === "error").length;
  const failed = `failed: ${errors} violation${errors === 1 ? "" : "s"}`;
  context.log(`  ${errors === 0 ? "passed" : failed} in ${seconds(ms)}\n`);
  const status = errors === 0 ? "passed" : "failed";
  return { step: "lint", command, why, status, durationMs: ms, details };
}

/**
 * The committed index is regenerated: compared with a fresh one, and rewritten when it is stale
 * (or unreadable), so that `agentix index --check` passes afterwards. Only where the project
 * commits one (the file exists); under --dry-run nothing is written.
 */
export function indexStep(context: StepContext): VerifyStep {
  const { root, tsconfigFile } = context.analysis.loaded;
  const file = indexPath(root);
  const command = `agentix index (${shown(context, file)}, rewritten when stale)`;
  const why =
    "agents and CI read the committed index: verify regenerates it, so that it describes these sources and `agentix index --check` passes";
  context.log(`\nindex: ${command}\n  why: ${why}\n`);
  // Another project of the folder (tsconfig.app.json beside tsconfig.node.json) owns the index.
  const own = toPosix(path.relative(root, tsconfigFile));
  const other = context.indexOf ?? indexedTsconfig(file, shown(context, file));
  if (other !== undefined && other !== own) {
    context.index = "none";
    const skipped = `${shown(context, file)} is the index of ${other}, not of ${own}: verify leaves it`;
    context.log(`  skipped: ${skipped}\n`);
    return notRun("index", command, skipped, "skipped");
  }
  if (!existsSync(file)) {
    context.index = "none";
    const skipped = "the project commits no index, so verify writes none";
    context.log(`  skipped: ${skipped}\n`);
    return notRun("index", command, skipped, "skipped");
  }
  if (context.dryRun) {
    context.index = "planned";
    context.log("  planned: --dry-run writes nothing\n");
    return notRun("index", command, why, "planned");
  }
  const { value: outcome, ms } = timed(() => {
    const index = buildValidatedIndex(context.analysis);
    const bytes = serializeIndex(index);
    const report = compareIndex(file, index, bytes, shown(context, file));
    if (report.status === "current") return { report, problem: undefined };
    try {
      writeFileAtomic(file, bytes);
    } catch (error) {
      return { report, problem: fileAccessError(error, "write", shown(context, file)).message };
    }
    // fresh.json described the old bytes; `agentix index` records the new ones.
    const unrecorded = recordFreshness(root, undefined);
    if (unrecorded !== undefined) context.io.stderr(`agentix verify: warning: ${unrecorded}\n`);
    return { report, problem: undefined };
  });
  const { report, problem } = outcome;
  const reasons = report.reasons.map((reason) => `    - ${reason}\n`).join("");
  if (problem !== undefined) {
    context.index = "failed";
    context.io.stderr(`${problem}\n`);
    context.log(`  failed in ${seconds(ms)}: it is ${report.status} and ${problem}\n${reasons}`);
    return { step: "index", command, why, status: "failed", durationMs: ms, details: [problem] };
  }
  context.index = report.status === "current" ? "current" : "written";
  context.log(
    report.status === "current"
      ? `  passed in ${seconds(ms)}: current\n`
      : `  passed in ${seconds(ms)}: it was ${report.status}; rewrote ${shown(context, file)} (commit it)\n${reasons}`,
  );
  return {
    step: "index",
    command,
    why,
    status: "passed",
    durationMs: ms,
    details: [...report.reasons],
  };
}

/**
 * The tsconfig the index on disk was computed from (`project.tsconfig`), if it can be read. An
 * index file that is a FIFO, a device or too large throws ProjectFileError (exit 2), unread.
 */
export function indexedTsconfig(file: string, shown: string): string | undefined {
  let text: string;
  try {
    text = readProjectBytes(file, shown, INDEX_FILE_LIMIT).toString("utf8");
  } catch (error) {
    if (error instanceof ProjectFileError && error.refused) throw error;
    return undefined; // none, or a folder: the index step says so
  }
  try {
    const index = JSON.parse(text) as { project?: { tsconfig?: unknown } };
    const tsconfig = index.project?.tsconfig;
    return typeof tsconfig === "string" ? tsconfig : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tests step: the main Vitest config's run of the selected tests, then one run per second
 * config (vitest.e2e.config.ts, a package.json script's --config) that runs some of them.
 */
/** A tests step that did not run what the change needs: failed, the change not verified. */
function notRunFailed(context: StepContext, command: string, why: string): VerifyStep {
  context.log(`\ntests: not run\n  why: ${why}\n`);
  return { ...notRun("tests", command, why, "skipped"), status: "failed", details: [why] };
}

export function testsSteps(context: StepContext): VerifyStep[] {
  const { analysis, affected, widened } = context;
  const root = analysis.loaded.root;
  const vitest = toolBin(root, "vitest", "vitest");
  const {
    cwd: from,
    filters,
    otherRunner,
    otherConfigs,
    importedRunner,
    noSuite,
    suiteUnseen,
  } = vitestPlan(analysis, affected, context.shard, context.chosen, context.scoped);
  const config = analysis.loaded.vitest.file;
  // Files that import vitest and that the config leaves out: helpers the tests load (outline's
  // server/test/support.ts) or tests it does not run; no other runner's.
  const leftOut =
    config === null ? [] : otherRunner.filter((file) => importsVitest(path.join(root, file.file)));
  const others = otherRunner.filter((file) => !leftOut.includes(file));
  if (leftOut.length > 0) {
    const names = leftOut.map((file) => `  ${file.file}\n`);
    context.log(
      `\nfiles that import vitest but ${config} does not include (a helper runs inside the tests that load it; a test it leaves out does not run):\n${names.join("")}`,
    );
  }
  const owners = ownersOf(root, others, config === null);
  const vitestRuns = filters.length > 0 || otherConfigs.length > 0;
  nameOthers(context, others, { config, importedRunner, owners, vitestRuns });
  // Another runner's files are split among shards as Vitest's are, within the project; a file
  // another project of this verify ran already is not run again.
  const ownedHere = (
    context.shard === undefined ? [...owners.keys()] : shardFiles([...owners.keys()], context.shard)
  ).filter((file) => !context.othersRun?.has(path.join(root, file.file)));
  const otherRunnerSteps = () => runnerSteps(context, owners, ownedHere);
  if (context.sameTestsAs !== undefined) {
    const why = `the same Vitest run as ${context.sameTestsAs}'s`;
    context.log(`\ntests: skipped\n  why: ${why}\n`);
    return [notRun("tests", "vitest", why, "skipped"), ...otherRunnerSteps()];
  }
  const shardNote =
    context.shard !== undefined ? ` (shard ${context.shard.index}/${context.shard.count})` : "";
  if (filters.length === 0 && otherConfigs.length === 0 && ownedHere.length > 0)
    return otherRunnerSteps();
  // Tests selected for Vitest and not run: the change is not verified.
  if (vitest === undefined && (filters.length > 0 || otherConfigs.length > 0))
    return [
      notRunFailed(context, "vitest", "vitest is not installed for this project"),
      ...otherRunnerSteps(),
    ];
  const otherRuns = () =>
    otherConfigs.map((run) =>
      secondConfigStep(context, run, { vitest: vitest as string, config, shardNote }),
    );
  if (filters.length === 0 && otherConfigs.length > 0)
    return [...otherRuns(), ...otherRunnerSteps()];
  if (filters.length === 0 && suiteUnseen !== undefined)
    return [notRunFailed(context, "(none)", suiteUnseen)];
  if (filters.length === 0) {
    const why =
      noSuite !== undefined
        ? noSuite
        : context.shard !== undefined && affected.tests.files.length > 0
          ? `shard ${context.shard.index}/${context.shard.count} has no selected test files`
          : others.length > 0
            ? "no selected test is one a known runner runs"
            : leftOut.length > 0
              ? `${config} runs none of the selected files`
              : "no test can observe this change";
    context.log(`\ntests: none\n  why: ${why}\n`);
    return [notRun("tests", "(none)", why, "skipped")];
  }
  const why = widened
    ? `widened: ${widenedText(affected.widened)}${shardNote}`
    : `${affected.tests.selected.cases} of ${affected.tests.total.cases} cases: the ones the change can reach (see agentix affected)${othersNote(others)}${configsNote(otherConfigs)}${shardNote}`;
  return [
    spawnStep(context, "tests", from, "vitest", [vitest as string, "run", ...filters], why),
    ...otherRuns(),
    ...otherRunnerSteps(),
  ];
}

/**
 * The run of the selected tests another Vitest config runs: a second one (vitest.e2e.config.ts),
 * or a folder's own below the Vitest root, from that folder.
 */
function secondConfigStep(
  context: StepContext,
  run: OtherConfigRun,
  where: { vitest: string; config: string | null; shardNote: string },
): VerifyStep {
  const { affected, widened } = context;
  const cases = selectedCases(run.files);
  const which =
    run.kind === "nested"
      ? `the ones ${run.config} runs, from its folder`
      : `the ones ${run.config} runs and ${where.config === null ? "Vitest's defaults leave" : `${where.config} leaves`} out`;
  const why = widened
    ? `widened: ${widenedText(affected.widened)}; ${run.config}'s tests${where.shardNote}`
    : `${cases} of the ${affected.tests.selected.cases} cases the change can reach, ${which}${where.shardNote}`;
  return spawnStep(context, "tests", run.cwd, "vitest", [where.vitest, "run", ...run.filters], why);
}

/** `; 2 of them vitest.e2e.config.ts's (run next)`, when a second config runs some selected tests. */
function configsNote(runs: readonly OtherConfigRun[]): string {
  return runs
    .map((run) => {
      const cases = selectedCases(run.files);
      return `; ${cases} of them ${run.config}'s (run next)`;
    })
    .join("");
}

/** `; 1 of them another runner's (named above)`, when some selected tests are not Vitest's. */
function othersNote(otherRunner: readonly AffectedTestFile[]): string {
  const cases = selectedCases(otherRunner);
  return cases > 0 ? `; ${cases} of them another runner's (named above)` : "";
}
