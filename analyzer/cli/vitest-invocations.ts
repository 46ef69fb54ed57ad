// `--format vitest-invocations`: the selected tests as the Vitest command lines that run them,
// one per project (per package at a workspace root), optionally one shard of them: what a CI
// matrix or a distributed runner splits. Paths are relative to the working directory.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import type { AffectedResult, AffectedTestFile } from "../affected/result.js";
import type { Shard } from "../affected/shard.js";
import type { CliIO } from "./io.js";
import {
  sameRun,
  selectedCases,
  shardAcross,
  vitestPlan,
  type VitestSource,
} from "./verify/vitest-plan.js";
import { ownersOf } from "./verify/runner-runs.js";
import type { OtherRunner } from "./verify/other-runner.js";

export const VITEST_INVOCATIONS_SCHEMA_VERSION = 1;

export interface VitestInvocation {
  /** The workspace package, or null for a single project. */
  readonly package: string | null;
  /** Where to run it, relative to the working directory ("." for here). */
  readonly cwd: string;
  readonly command: "vitest";
  /** `vitest` arguments: `run` and the filters. */
  readonly args: readonly string[];
  /** The test files and cases it runs (the whole suite when `widened`). */
  readonly files: number;
  readonly cases: number;
  readonly widened: boolean;
}

export interface VitestInvocations {
  readonly schemaVersion: typeof VITEST_INVOCATIONS_SCHEMA_VERSION;
  readonly command: "affected" | "verify";
  readonly shard: Shard | null;
  readonly invocations: readonly VitestInvocation[];
}

export interface InvocationProject {
  readonly name: string | null;
  readonly analysis: VitestSource;
  readonly result: AffectedResult;
  /** A workspace project whose folder holds tests other projects count (vitestPlan). */
  readonly scoped?: boolean;
}

/** The files of this shard, split across every project at once. */
export function shardAcrossProjects(
  projects: readonly InvocationProject[],
  shard: Shard,
  io: CliIO,
): Set<AffectedTestFile> {
  return shardAcross(
    projects.map(({ analysis, result }) => ({
      folder: toPosix(path.relative(io.cwd, analysis.loaded.root)) || ".",
      result,
    })),
    shard,
  );
}

/** What one project's selected tests take to run: its Vitest runs, and other runners' owners. */
interface ProjectRuns {
  readonly name: string | null;
  readonly root: string;
  readonly vitest: readonly VitestInvocation[];
  /** The selected tests other runners own, with each one's runner. */
  readonly owners: ReadonlyMap<AffectedTestFile, OtherRunner>;
}

/**
 * The Vitest invocations of `projects` (two projects of one folder widened alike run its suite
 * once) and, per project, the selected tests other runners own: what both formats print.
 */
export function invocationRuns(
  projects: readonly InvocationProject[],
  shard: Shard | undefined,
  io: CliIO,
): ProjectRuns[] {
  const all: VitestInvocation[] = [];
  const chosen = shard === undefined ? undefined : shardAcrossProjects(projects, shard, io);
  return projects.map(({ name, analysis, result, scoped }) => {
    const plan = vitestPlan(analysis, result, shard, chosen, scoped);
    const root = analysis.loaded.root;
    const owners = ownersOf(root, plan.otherRunner, analysis.loaded.vitest.file === null);
    const vitest: VitestInvocation[] = [];
    // The main config's run, then the other configs' (vitest.e2e.config.ts, a folder's own).
    for (const run of [plan, ...plan.otherConfigs]) {
      if (run.filters.length === 0) continue;
      const cwd = toPosix(path.relative(io.cwd, run.cwd)) || ".";
      if (all.some((other) => other.cwd === cwd && sameRun(other.args.slice(1), run.filters)))
        continue;
      const invocation: VitestInvocation = {
        package: name,
        cwd,
        command: "vitest",
        args: ["run", ...run.filters],
        files: run.files.length,
        cases: selectedCases(run.files),
        widened: result.widened.length > 0,
      };
      all.push(invocation);
      vitest.push(invocation);
    }
    return { name, root, vitest, owners };
  });
}

export function vitestInvocations(
  command: "affected" | "verify",
  projects: readonly InvocationProject[],
  shard: Shard | undefined,
  io: CliIO,
): VitestInvocations {
  const runs = invocationRuns(projects, shard, io);
  /** Selected tests another runner owns: in no invocation, so a CI matrix must be told. */
  const others = new Map<string, number>();
  for (const { owners } of runs)
    for (const owner of owners.values())
      others.set(owner.runner, (others.get(owner.runner) ?? 0) + 1);
  if (others.size > 0) {
    const counts = [...others].map(([runner, files]) => `${files} ${runner}`).join(", ");
    io.stderr(
      `agentix ${command}: warning: these are Vitest's invocations alone; the selected test files of other runners (${counts}) are in none of them: run them as \`agentix verify\` does (its text names each command), or ask for --format test-invocations\n`,
    );
  }
  return {
    schemaVersion: VITEST_INVOCATIONS_SCHEMA_VERSION,
    command,
    shard: shard ?? null,
    invocations: runs.flatMap((project) => project.vitest),
  };
}
