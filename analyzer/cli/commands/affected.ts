import { parseVerbArgs } from "../args.js";
import {
  TEST_SPLIT_FLAGS,
  TEST_SPLIT_USAGE,
  isInvocations,
  testSplitOutput,
} from "../test-split.js";
import { invocationsOf } from "../test-invocations.js";
import { planForText } from "../verify/vitest-plan.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { FRESH_FLAG } from "../answer-index.js";
import { answerAffected } from "../answer-affected.js";
import { beforeAnalysis } from "../before-analysis.js";
import { jsonOutput } from "../json-output.js";
import type { Command } from "./command.js";
import { affectedText } from "../affected-text.js";
import { workspaceFor } from "../workspace/workspace-root.js";

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
  --compact            one-line JSON (with --json or an invocations format)
${TEST_SPLIT_USAGE}
  --fresh              analyse the project even when .agentix/index.json is provably fresh
                       (then the answer comes from .agentix/affected.json, which \`agentix
                       index\` writes beside it; changes outside the root and deleted or
                       renamed TypeScript files always analyse)
  -p, --project <tsconfig>  the project's tsconfig, or its folder (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .); at a
                       workspace root (npm/yarn workspaces, pnpm-workspace.yaml, a solution
                       tsconfig) without --project: every package, linked through their exports
                       (schema/cli-workspace.v1.schema.json)
  -h, --help           this help

Exit codes: 0 answered, 2 bad invocation (unknown target, not a git ref), 3 internal error.`;

export const affectedCommand: Command = {
  name: "affected",
  summary: "what a change can affect, down to the tests to run, with a reason per edge",
  usage: USAGE,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "affected",
      args,
      { since: { type: "string" }, ...TEST_SPLIT_FLAGS, ...FRESH_FLAG },
      Infinity,
    );
    const { format, compact, shard } = testSplitOutput("affected", values);
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined) {
      // A workspace root always analyses (each package on its own).
      await beforeAnalysis();
      const { runWorkspaceAffected, workspaceAffectedText, workspaceProjects } =
        await import("../workspace/workspace-affected.js");
      const run = runWorkspaceAffected("affected", workspace, values.since, positionals, io);
      if (isInvocations(format)) {
        const projects = workspaceProjects(run);
        io.stdout(jsonOutput(invocationsOf(format, "affected", projects, shard, io), compact));
      } else
        io.stdout(format === "json" ? jsonOutput(run.result, compact) : workspaceAffectedText(run));
      return EXIT.ok;
    }
    const { project, result } = await answerAffected("affected", values, positionals, io, {
      fromIndex: true,
    });
    if (isInvocations(format)) {
      const projects = [{ name: null, analysis: project, result }];
      io.stdout(jsonOutput(invocationsOf(format, "affected", projects, shard, io), compact));
    } else
      io.stdout(
        format === "json"
          ? jsonOutput(result, compact)
          : affectedText(result, planForText(project, result)),
      );
    return EXIT.ok;
  },
};
