// What every verify step shares: its record (VerifyStep), the context the steps read, and how
// a step runs a tool (or plans it under --dry-run) and tells it.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import type { Shard } from "../../affected/shard.js";
import type { Analysis } from "../../analyze.js";
import type { CliIO } from "../io.js";
import { shellAssignment, shellQuote } from "../shell-quote.js";
import { errnoText } from "../../errors.js";

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
  /**
   * The folder the command runs (or would run) from, relative to the working directory: set
   * on the steps that start a tool, so that `command` can be run again from there.
   */
  readonly cwd?: string;
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
  /**
   * Another runner's test files (absolute) an earlier project of this verify ran or planned:
   * not run again. Each run adds its files.
   */
  readonly othersRun?: Set<string> | undefined;
  /** `--vitest-only`: the selected tests other runners own are named, not run. */
  readonly vitestOnly?: boolean | undefined;
  /** What the index step did to .agentix/index.json (set by it). */
  index: IndexAction;
  /** Human output (nothing with --json). */
  log(text: string): void;
}

/** Runs a tool (its output is diagnostics: stderr), or plans it under --dry-run. */
export function spawnStep(
  context: StepContext,
  step: StepName,
  cwd: string,
  tool: string,
  argv: readonly string[],
  why: string,
  /** The arguments as the command shows them (paths from the working directory). */
  shownArgs: readonly string[] = argv.slice(1),
  /** Variables set for the tool beside the environment (a test script's `NODE_OPTIONS=...`). */
  env: Readonly<Record<string, string>> = {},
): VerifyStep {
  // As a shell reads it back: pasted, a word is an argument, never code.
  const command = [
    ...Object.entries(env).map(([name, value]) => shellAssignment(name, value)),
    tool,
    ...shownArgs.map(shellQuote),
  ].join(" ");
  // Vitest run from above the project (the workspace's config) or below it (a folder's own).
  const from = toPosix(path.relative(context.analysis.loaded.root, cwd));
  context.log(`\n${step}${from === "" ? "" : ` (from ${from})`}: ${command}\n  why: ${why}\n`);
  const shownCwd = toPosix(path.relative(context.io.cwd, cwd)) || ".";
  if (context.dryRun)
    return { step, command, why, status: "planned", cwd: shownCwd, durationMs: null, details: [] };
  const childEnv = { ...process.env, ...env };
  const { value: run, ms } = timed(() =>
    spawnSync(process.execPath, argv, { cwd, stdio: ["ignore", 2, 2], env: childEnv }),
  );
  const status = run.status === 0 ? "passed" : "failed";
  const detail = failureDetail(run, argv, childEnv);
  // A tool that exited told its own story on stderr; one that never started or was killed did not.
  const told = detail === undefined || run.status !== null ? "" : `: ${detail}`;
  context.log(`  ${status} in ${seconds(ms)}${told}\n`);
  const details = detail === undefined ? [] : [detail];
  return { step, command, why, status, cwd: shownCwd, durationMs: ms, details };
}

/**
 * What a tool's run that did not pass comes to, in words (undefined when it passed): its exit
 * code, the signal that killed it, or why it could not start at all. An argument list over the
 * system's limit (E2BIG: tens of thousands of test paths, or one huge option) is said as such,
 * with its size and the way out.
 */
export function failureDetail(
  run: Pick<SpawnSyncReturns<unknown>, "status" | "signal" | "error">,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (run.status === 0) return undefined;
  if (run.status !== null) return `exit code ${run.status}`;
  if (run.signal !== null) return `killed by ${run.signal}`;
  // errnoOf would not take E2BIG (a digit in it).
  const code = (run.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "E2BIG") {
    const words = [...argv, ...Object.entries(env).map(([name, value]) => `${name}=${value}`)];
    const sizes = words.map((word) => Buffer.byteLength(word) + 1);
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    const longest = sizes.reduce((most, size) => Math.max(most, size), 0);
    const kb = (n: number) => Math.ceil(n / 1024).toLocaleString("en-US");
    // Linux also limits one word (MAX_ARG_STRLEN, 128 KB): fewer tests would not help then.
    const way =
      longest > 128 * 1024
        ? `one of its words (an option or a variable of the test script) is ${kb(longest)} KB, over the 128 KB the system allows one`
        : "run fewer tests at once with --shard";
    return `could not start: its command line is too long for the system (E2BIG: ${argv.length.toLocaleString("en-US")} arguments, ${kb(bytes)} KB with the environment); ${way}`;
  }
  return `could not start: ${code === undefined ? (run.error?.message ?? "no exit code") : errnoText(code)}`;
}

export function notRun(
  step: StepName,
  command: string,
  why: string,
  status: "planned" | "skipped",
): VerifyStep {
  return { step, command, why, status, durationMs: null, details: [] };
}

export function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - started) };
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A path as the user typed it: relative to the working directory. */
export function shown({ io }: StepContext, file: string): string {
  return toPosix(path.relative(io.cwd, file)) || ".";
}
