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

export function vitestInvocations(
  command: "affected" | "verify",
  projects: readonly InvocationProject[],
  shard: Shard | undefined,
  io: CliIO,
): VitestInvocations {
  const invocations: VitestInvocation[] = [];
  const chosen = shard === undefined ? undefined : shardAcrossProjects(projects, shard, io);
  /** Selected tests another runner owns: in no invocation, so a CI matrix must be told. */
  const others = new Map<string, number>();
  for (const { name, analysis, result, scoped } of projects) {
    const plan = vitestPlan(analysis, result, shard, chosen, scoped);
    const owners = ownersOf(
      analysis.loaded.root,
      plan.otherRunner,
      analysis.loaded.vitest.file === null,
    );
    for (const owner of owners.values())
      others.set(owner.runner, (others.get(owner.runner) ?? 0) + 1);
    // The main config's run, then the other configs' (vitest.e2e.config.ts, a folder's own).
    for (const run of [plan, ...plan.otherConfigs]) {
      if (run.filters.length === 0) continue;
      const cwd = toPosix(path.relative(io.cwd, run.cwd)) || ".";
      // Two projects of one folder widened alike run the folder's suite once.
      if (
        invocations.some((other) => other.cwd === cwd && sameRun(other.args.slice(1), run.filters))
      )
        continue;
      invocations.push({
        package: name,
        cwd,
        command: "vitest",
        args: ["run", ...run.filters],
        files: run.files.length,
        cases: selectedCases(run.files),
        widened: result.widened.length > 0,
      });
    }
  }
  if (others.size > 0) {
    const counts = [...others].map(([runner, files]) => `${files} ${runner}`).join(", ");
    io.stderr(
      `agentix ${command}: warning: these are Vitest's invocations alone; the selected test files of other runners (${counts}) are in none of them: run them as \`agentix verify\` does (its text names each command)\n`,
    );
  }
  return {
    schemaVersion: VITEST_INVOCATIONS_SCHEMA_VERSION,
    command,
    shard: shard ?? null,
    invocations,
  };
}
