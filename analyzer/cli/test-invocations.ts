// `--format test-invocations`: the selected tests as the command lines of every runner that runs
// them (Vitest, and the runners verify starts for other tests: Jest, Mocha, Playwright, Cypress, AVA,
// node:test), each with its folder and the environment the project's test script sets, plus
// the selected tests no command can run and why. What an agent or a CI matrix runs when a
// project's tests are not all Vitest's. Paths are relative to the working directory.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { shardFiles, type Shard } from "../affected/shard.js";
import type { CliIO } from "./io.js";
import {
  invocationRuns,
  vitestInvocations,
  type InvocationProject,
  type VitestInvocations,
} from "./vitest-invocations.js";
import { groupByRunner, runnerRuns } from "./verify/runner-runs.js";
import type { TestRunner } from "./verify/other-runner.js";

export const TEST_INVOCATIONS_SCHEMA_VERSION = 1;

export interface TestInvocation {
  /** The workspace package, or null for a single project. */
  readonly package: string | null;
  readonly runner: "Vitest" | TestRunner;
  /** Where to run it, relative to the working directory ("." for here). */
  readonly cwd: string;
  /** The runner's command, installed in the project (`npx <command>` finds it): vitest, jest, tsx, node, ... */
  readonly command: string;
  readonly args: readonly string[];
  /** Variables the project's test script sets for the runner (`cross-env NODE_OPTIONS=...`). */
  readonly env: Readonly<Record<string, string>>;
  /** The test files it runs, and their cases (the selected ones for Vitest; whole files otherwise). */
  readonly files: number;
  readonly cases: number;
  /** The project's answer widened: the whole suite runs. */
  readonly widened: boolean;
}

export interface UnrunnableTests {
  readonly package: string | null;
  readonly runner: TestRunner;
  readonly why: string;
  /** The test files, relative to the working directory. */
  readonly files: readonly string[];
}

export interface TestInvocations {
  readonly schemaVersion: typeof TEST_INVOCATIONS_SCHEMA_VERSION;
  readonly command: "affected" | "verify";
  readonly shard: Shard | null;
  readonly invocations: readonly TestInvocation[];
  readonly unrunnable: readonly UnrunnableTests[];
}

export function testInvocations(
  command: "affected" | "verify",
  projects: readonly InvocationProject[],
  shard: Shard | undefined,
  io: CliIO,
): TestInvocations {
  const invocations: TestInvocation[] = [];
  const unrunnable: UnrunnableTests[] = [];
  const fromHere = (absolute: string) => toPosix(path.relative(io.cwd, absolute)) || ".";
  /** Test files another project's run already takes (a workspace folder's tests are counted by each). */
  const taken = new Set<string>();
  const runs = invocationRuns(projects, shard, io);
  for (const [index, { name, root, vitest, owners }] of runs.entries()) {
    for (const { package: pkg, cwd, command: tool, args, files, cases, widened } of vitest)
      invocations.push({
        package: pkg,
        runner: "Vitest",
        cwd,
        command: tool,
        args,
        env: {},
        files,
        cases,
        widened,
      });
    const widened = (projects[index] as InvocationProject).result.widened.length > 0;
    // Split among shards as verify --shard splits them (within the project), each file once.
    const owned = shard === undefined ? [...owners.keys()] : shardFiles([...owners.keys()], shard);
    const files = owned.filter((file) => !taken.has(path.join(root, file.file)));
    for (const file of files) taken.add(path.join(root, file.file));
    const { runs: others, unrun } = runnerRuns(root, groupByRunner(owners, files));
    for (const run of others)
      invocations.push({
        package: name,
        runner: run.runner,
        cwd: fromHere(run.cwd),
        command: run.tool,
        args: run.shownArgs,
        env: run.env,
        files: run.files.length,
        cases: run.files.reduce((sum, file) => sum + file.total, 0),
        widened,
      });
    for (const tests of unrun)
      unrunnable.push({
        package: name,
        runner: tests.runner,
        why: tests.why,
        files: tests.files.map((file) => fromHere(path.join(root, file.file))),
      });
  }
  if (unrunnable.length > 0) {
    const counts = unrunnable.map((tests) => `${tests.files.length} ${tests.runner}`).join(", ");
    io.stderr(
      `agentix ${command}: warning: selected test files no invocation runs (${counts}): see "unrunnable" for why\n`,
    );
  }
  return {
    schemaVersion: TEST_INVOCATIONS_SCHEMA_VERSION,
    command,
    shard: shard ?? null,
    invocations,
    unrunnable,
  };
}

/** The JSON of `format` (one of the invocation formats) for `projects`. */
export function invocationsOf(
  format: "vitest-invocations" | "test-invocations",
  command: "affected" | "verify",
  projects: readonly InvocationProject[],
  shard: Shard | undefined,
  io: CliIO,
): TestInvocations | VitestInvocations {
  return format === "test-invocations"
    ? testInvocations(command, projects, shard, io)
    : vitestInvocations(command, projects, shard, io);
}
