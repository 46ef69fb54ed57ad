// What verify plans for the tests another runner owns: a run of that runner, the tests it cannot
// run, and the ones the runner's own spec leaves out (runner-runs.ts, cypress-runs.ts).
import type { AffectedTestFile } from "../../affected/result.js";
import type { TestRunner } from "./other-runner.js";

/** One run of another runner: spawned as `node <argv>` from `cwd`. */
export interface RunnerRun {
  readonly runner: TestRunner;
  /** Absolute folder the runner starts in (its config's). */
  readonly cwd: string;
  /** After `node`: the runner's bin script (or a Node flag) and its arguments. */
  readonly argv: readonly string[];
  /** The command as shown: the tool's name and the arguments after the bin. */
  readonly tool: string;
  readonly shownArgs: readonly string[];
  /** Variables the project's test script sets for the runner (runner-script.ts). */
  readonly env: Readonly<Record<string, string>>;
  readonly files: readonly AffectedTestFile[];
}

/** Selected tests of one runner that verify names but does not run, and why. */
interface NamedTests {
  readonly runner: TestRunner;
  readonly why: string;
  readonly files: readonly AffectedTestFile[];
}

/**
 * Selected files the runner's own spec leaves out (mocha-spec.ts): test code, but none of the
 * suite's tests, which the project's `npm test` never runs either. Named, not run, not failed.
 */
export type LeftOutTests = NamedTests;

/** Tests of a runner verify cannot start, and why (the change is not verified). */
export type UnrunTests = NamedTests;
