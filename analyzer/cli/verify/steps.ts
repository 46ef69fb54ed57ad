// The four steps of `agentix verify`, each saying what it runs and why: typecheck, lint (the
// plugin's rule logic in-process), the committed index (regenerated), and exactly the selected
// tests. Under
// --dry-run each step is planned, not run.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RULES } from "../../../eslint-plugin/rule-registry.js";
import { toPosix } from "../../../schema/paths.js";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import type { Analysis } from "../../analyze.js";
import { buildValidatedIndex } from "../../index-builder/build-index.js";
import { serializeIndex } from "../../index-file/serialize.js";
import { compareIndex } from "../../index-file/staleness.js";
import { indexPath, writeFileAtomic } from "../../index-file/write.js";
import { fileAccessError } from "../../errors.js";
import { recordFreshness } from "../../freshness/freshness.js";
import { collectViolations } from "../../violations/collect.js";
import type { Shard } from "../../affected/shard.js";
import { widenedText } from "../affected-text.js";
import type { CliIO } from "../io.js";
import { toolBin } from "./tools.js";
import { selectedCases, vitestPlan, type OtherConfigRun } from "./vitest-plan.js";
import { importsVitest } from "./other-runner.js";

export type StepName = "typecheck" | "lint" | "index" | "tests";

/**
 * What verify did to the committed index: `written` (it was stale), `current` (left as it was),
 * `none` (the project commits none), `planned` (--dry-run), `failed` (it could not be written).
 */
export type IndexAction = "written" | "current" | "none" | "planned" | "failed";

export interface VerifyStep {
  readonly step: StepName;
  /** The command line, or a description for steps that run inside agentix. */
  readonly command: string;
  readonly why: string;
  readonly status: "passed" | "failed" | "skipped" | "planned";
  readonly durationMs: number | null;
  /** What failed (lint violations, stale index reasons), one line each. */
  readonly details: readonly string[];
}

/** What the steps share: the analysis, the affected answer, and where their story is told. */
export interface StepContext {
  readonly analysis: Analysis;
  readonly affected: AffectedResult;
  readonly widened: boolean;
  readonly dryRun: boolean;
  /** Only this part of the selected tests (`--shard i/n`). */
  readonly shard?: Shard | undefined;
  /** With a shard split across a workspace's packages: the files this shard runs. */
  readonly chosen?: ReadonlySet<AffectedTestFile> | undefined;
  readonly io: CliIO;
  /**
   * The tsconfig (relative to the root) whose index the folder keeps, when the workspace knows
   * it: another project's index is never rewritten from this one. Else read from the index.
   */
  readonly indexOf?: string | undefined;
  /** Another project of the folder whose Vitest run is this one's too (it runs once). */
  readonly sameTestsAs?: string | undefined;
  /** The folder holds tests other projects count: a widened run names this one's files. */
  readonly scoped?: boolean | undefined;
  /** What the index step did to .agentix/index.json (set by it). */
  index: IndexAction;
  /** Human output (nothing with --json). */
  log(text: string): void;
}

export function typecheckStep(context: StepContext): VerifyStep {
  const { loaded } = context.analysis;
  const tsc = toolBin(loaded.root, "typescript", "tsc");
  const tsconfig = shown(context, loaded.tsconfigFile);
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
  const other = context.indexOf ?? indexedTsconfig(file);
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
    const report = compareIndex(file, index, bytes);
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

/** Exactly the selected tests (of one shard, with --shard), from the folder Vitest runs in. */
/** The tsconfig the index on disk was computed from (`project.tsconfig`), if it can be read. */
function indexedTsconfig(file: string): string | undefined {
  try {
    const index = JSON.parse(readFileSync(file, "utf8")) as { project?: { tsconfig?: unknown } };
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
export function testsSteps(context: StepContext): VerifyStep[] {
  const { analysis, affected, widened } = context;
  if (context.sameTestsAs !== undefined) {
    const why = `the same Vitest run as ${context.sameTestsAs}'s`;
    context.log(`\ntests: skipped\n  why: ${why}\n`);
    return [notRun("tests", "vitest", why, "skipped")];
  }
  const root = analysis.loaded.root;
  const vitest = toolBin(root, "vitest", "vitest");
  const {
    cwd: from,
    filters,
    otherRunner,
    otherConfigs,
    importedRunner,
    noSuite,
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
  if (others.length > 0) {
    const why = config !== null ? `${config} does not include them; ` : "";
    const line = (file: AffectedTestFile) => {
      const owner = importedRunner.get(file);
      const reason =
        owner !== undefined
          ? ` (${owner})`
          : config === null
            ? " (Vitest's defaults do not include it)"
            : "";
      return `  ${file.file}${reason}\n`;
    };
    context.log(
      `\ntests not run by vitest (${why}run them with their own runner):\n${others.map(line).join("")}`,
    );
  }
  if (vitest === undefined) {
    const why = "vitest is not installed for this project";
    context.log(`\ntests: skipped\n  why: ${why}\n`);
    return [notRun("tests", "vitest", why, "skipped")];
  }
  const shardNote =
    context.shard !== undefined ? ` (shard ${context.shard.index}/${context.shard.count})` : "";
  const otherRuns = () =>
    otherConfigs.map((run) => secondConfigStep(context, run, { vitest, config, shardNote }));
  if (filters.length === 0 && otherConfigs.length > 0) return otherRuns();
  if (filters.length === 0) {
    const why =
      noSuite !== undefined
        ? noSuite
        : context.shard !== undefined && affected.tests.files.length > 0
          ? `shard ${context.shard.index}/${context.shard.count} has no selected test files`
          : others.length > 0
            ? "every selected test is another runner's"
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
    spawnStep(context, "tests", from, "vitest", [vitest, "run", ...filters], why),
    ...otherRuns(),
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

/** Runs a tool (its output is diagnostics: stderr), or plans it under --dry-run. */
function spawnStep(
  context: StepContext,
  step: StepName,
  cwd: string,
  tool: string,
  argv: readonly string[],
  why: string,
  /** The arguments as the command shows them (paths from the working directory). */
  shownArgs: readonly string[] = argv.slice(1),
): VerifyStep {
  const command = [
    tool,
    ...shownArgs.map((part) => (part.includes(" ") ? JSON.stringify(part) : part)),
  ].join(" ");
  // Vitest run from above the project (the workspace's config) or below it (a folder's own).
  const from = toPosix(path.relative(context.analysis.loaded.root, cwd));
  context.log(`\n${step}${from === "" ? "" : ` (from ${from})`}: ${command}\n  why: ${why}\n`);
  if (context.dryRun) return notRun(step, command, why, "planned");
  const { value: run, ms } = timed(() =>
    spawnSync(process.execPath, argv, { cwd, stdio: ["ignore", 2, 2], env: process.env }),
  );
  const status = run.status === 0 ? "passed" : "failed";
  context.log(`  ${status} in ${seconds(ms)}\n`);
  const details = run.status === 0 ? [] : [`exit code ${run.status ?? run.signal}`];
  return { step, command, why, status, durationMs: ms, details };
}

function notRun(
  step: StepName,
  command: string,
  why: string,
  status: "planned" | "skipped",
): VerifyStep {
  return { step, command, why, status, durationMs: null, details: [] };
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - started) };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A path as the user typed it: relative to the working directory. */
function shown({ io }: StepContext, file: string): string {
  return toPosix(path.relative(io.cwd, file)) || ".";
}
