import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { baseIndexAt } from "../../affected/base-index.js";
import { changesSince, type FileChange } from "../../affected/changes.js";
import { affectedResult, type AffectedResult } from "../../affected/result.js";
import { computeAffected } from "../../affected/select.js";
import type { Analysis } from "../../analyze.js";
import { parseVerbArgs } from "../args.js";
import { TEST_SPLIT_FLAGS, TEST_SPLIT_USAGE, testSplitOutput } from "../test-split.js";
import { vitestInvocations } from "../vitest-invocations.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { FRESH_FLAG } from "../answer-index.js";
import { projectAnalysis, jsonOutput } from "../project.js";
import type { Command } from "./command.js";
import { affectedText } from "../affected-text.js";
import { toPosix } from "../../../schema/paths.js";
import { walkProject } from "../../project/walk.js";
import {
  runWorkspaceAffected,
  workspaceAffectedText,
  workspaceProjects,
} from "../workspace/workspace-affected.js";
import { workspaceFor } from "../workspace/workspace-project.js";

const USAGE = `Usage: agentix affected <feature|operation|file...> [options]
       agentix affected --since <git-ref> [options]

What a change can affect, and the narrowest tests that are still safe: the closure over files,
contracts, features, operations, ports, adapters, events, invariants and tests, with a reason on
every edge. Changes confined to function bodies (an operation's execute, a model function)
follow the code that calls them down to single test cases; changes to module code follow every
import. Whenever agentix cannot prove a narrow answer it selects everything and says why.

Targets:
  <operation>          an operation id: its declaration changed
  <feature>            a feature id: every file of the feature changed
  <file>               a file path (relative to the working directory): the whole file changed

Options:
  --since <git-ref>    changes between <git-ref> and the working tree (committed, staged,
                       unstaged, untracked; deleted and renamed files included)
  --json               the result as JSON (schema/cli-affected.v1.schema.json)
  --compact            one-line JSON (with --json or --format vitest-invocations)
${TEST_SPLIT_USAGE}
  --fresh              accepted as by inspect, graph and check; affected always analyses
                       (it follows the program's references, which the index does not hold)
  -p, --project <tsconfig>  the project's tsconfig (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .); at a
                       workspace root (npm/yarn workspaces, pnpm-workspace.yaml, a solution
                       tsconfig) without --project: every package, linked through their exports
                       (schema/cli-workspace.v1.schema.json)
  -h, --help           this help

Exit codes: 0 answered, 2 bad invocation (unknown target, not a git ref), 3 internal error.`;

export interface AffectedRun {
  readonly analysis: Analysis;
  readonly result: AffectedResult;
}

/** Works out the changes from the arguments and computes the closure (shared with verify). */
export function runAffected(
  verb: string,
  values: { since?: string | undefined; project?: string | undefined; root?: string | undefined },
  targets: readonly string[],
  io: CliIO,
): AffectedRun {
  if (values.since !== undefined && targets.length > 0)
    throw new UsageError("give targets or --since, not both", verb);
  if (values.since === undefined && targets.length === 0)
    throw new UsageError("name a feature, an operation or a file, or give --since <git-ref>", verb);
  const analysis = projectAnalysis(values, io);
  const root = analysis.loaded.root;
  let changes: FileChange[];
  const operations: string[] = [];
  if (values.since !== undefined) {
    changes = changesSince(values.since, root);
  } else {
    changes = [];
    for (const target of targets) {
      if (analysis.descriptors.operations.some((operation) => operation.id === target)) {
        operations.push(target);
        continue;
      }
      const feature = analysis.loaded.files.filter(
        (file) => analysis.roles.featureOf(file)?.id === target,
      );
      if (feature.length > 0) {
        for (const file of feature) changes.push({ path: file.path, status: "modified" });
        continue;
      }
      const absolute = path.resolve(io.cwd, target);
      if (existsSync(absolute)) {
        changes.push(...targetChanges(absolute, root));
        continue;
      }
      const ids = [...analysis.descriptors.operations.map((operation) => operation.id)].sort();
      throw new UsageError(
        `"${target}" is not an operation, a feature or an existing file (operations: ${ids.slice(0, 8).join(", ")}${ids.length > 8 ? ", ..." : ""})`,
        verb,
      );
    }
  }
  const base = values.since === undefined ? undefined : baseIndexAt(values.since, root);
  const computation = computeAffected(analysis, changes, { operations }, base);
  return {
    analysis,
    result: affectedResult(analysis, computation, {
      since: values.since ?? null,
      targets,
      changes,
    }),
  };
}

/** A file named on the command line, or every file under a folder named there. */
function targetChanges(absolute: string, root: string): FileChange[] {
  const files = statSync(absolute).isDirectory()
    ? walkProject(absolute, () => true).files
    : [absolute];
  return files.map((file) => ({ path: toPosix(path.relative(root, file)), status: "modified" }));
}

export const affectedCommand: Command = {
  name: "affected",
  summary: "what a change can affect, down to the tests to run, with a reason per edge",
  usage: USAGE,
  run(args: readonly string[], io: CliIO): ExitCode {
    const { values, positionals } = parseVerbArgs(
      "affected",
      args,
      { since: { type: "string" }, ...TEST_SPLIT_FLAGS, ...FRESH_FLAG },
      Infinity,
    );
    const { format, compact, shard } = testSplitOutput("affected", values);
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined) {
      const run = runWorkspaceAffected("affected", workspace, values.since, positionals, io);
      if (format === "vitest-invocations") {
        const projects = workspaceProjects(workspace, run);
        io.stdout(jsonOutput(vitestInvocations("affected", projects, shard, io), compact));
      } else
        io.stdout(
          format === "json" ? jsonOutput(run.result, compact) : workspaceAffectedText(run.result),
        );
      return EXIT.ok;
    }
    const { analysis, result } = runAffected("affected", values, positionals, io);
    if (format === "vitest-invocations") {
      const projects = [{ name: null, analysis, result }];
      io.stdout(jsonOutput(vitestInvocations("affected", projects, shard, io), compact));
    } else io.stdout(format === "json" ? jsonOutput(result, compact) : affectedText(result));
    return EXIT.ok;
  },
};
