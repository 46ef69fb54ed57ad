// agentix verify: the narrowest verification that is still safe, on the answer of `agentix
// affected`. The steps (typecheck, lint, index, tests) are in cli/verify/steps.ts.
import { parseVerbArgs } from "../args.js";
import {
  TEST_SPLIT_FLAGS,
  TEST_SPLIT_USAGE,
  isInvocations,
  testSplitOutput,
} from "../test-split.js";
import { invocationsOf } from "../test-invocations.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { FRESH_FLAG } from "../answer-index.js";
import { jsonOutput } from "../json-output.js";
import type { VerifyResult } from "../verify/run-steps.js";
import type { Command } from "./command.js";
import { answerAffected } from "../answer-affected.js";
import { beforeAnalysis } from "../before-analysis.js";
import { workspaceFor } from "../workspace/workspace-root.js";

export type { IndexAction, StepName, VerifyStep } from "../verify/steps.js";
export type { VerifyResult } from "../verify/run-steps.js";

const USAGE = `Usage: agentix verify <feature|operation|file...> [options]
       agentix verify --since <git-ref> [options]

The narrowest verification that is still safe, in four steps, each saying what it runs and why:
  1. typecheck   tsc on the project (narrowed to the affected projects only when the tsconfig
                 uses project references; otherwise the program is one unit)
  2. lint        the agentix rules (the ESLint plugin's own logic) on the affected files
  3. index       the committed .agentix/index.json is regenerated: rewritten when stale (only
                 where the project commits one; --dry-run writes nothing)
  4. tests       Vitest on exactly the tests \`agentix affected\` selects, down to the case;
                 the selected tests of another runner (Jest, Mocha, Playwright, Cypress, node:test,
                 AVA) with that runner, installed in the project, whole files. Tests selected
                 and not run (their runner is not installed, or verify cannot start it) fail
                 the step: the change is not verified.
Whenever agentix cannot prove a narrow answer it widens to the full suite and says why.

Options:
  --since <git-ref>    changes between <git-ref> and the working tree
  --dry-run            print the plan without running it
  --vitest-only        run only Vitest's share of the selected tests; the other runners'
                       are named and not run, and do not fail the verdict
  --json               the plan and the results as JSON (schema/cli-verify.v1.schema.json)
  --compact            one-line JSON (with --json or an invocations format)
${TEST_SPLIT_USAGE}
                       (verify --shard runs every step, and only that part of the tests;
                       an invocations format prints them and runs nothing, answered
                       from .agentix/index.json when it is provably fresh, as affected is)
  --fresh              with an invocations format: analyse even when the index is fresh
  -p, --project <tsconfig>  the project's tsconfig, or its folder (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .); at a
                       workspace root without --project: every package the change reaches
  -h, --help           this help

Exit codes: 0 every step passed, 1 a step failed, 2 bad invocation, 3 internal error.`;

export const verifyCommand: Command = {
  name: "verify",
  summary: "typecheck, lint, regenerate the index and only the tests proven needed",
  usage: USAGE,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "verify",
      args,
      {
        since: { type: "string" },
        "dry-run": { type: "boolean" },
        "vitest-only": { type: "boolean" },
        ...TEST_SPLIT_FLAGS,
        ...FRESH_FLAG,
      },
      Infinity,
    );
    const { format, compact, shard } = testSplitOutput("verify", values);
    const dryRun = values["dry-run"] === true;
    const vitestOnly = values["vitest-only"] === true;
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined) {
      await beforeAnalysis();
      const { verifyWorkspace } = await import("../workspace/workspace-verify.js");
      const options = { dryRun, vitestOnly, format, compact, shard };
      return verifyWorkspace(workspace, values.since, positionals, options, io);
    }
    // Printing the Vitest invocations runs nothing: that selection may come from the index.
    const invocations = isInvocations(format);
    const {
      analysis,
      project,
      result: affected,
    } = await answerAffected("verify", values, positionals, io, { fromIndex: invocations });
    if (invocations || analysis === undefined) {
      const projects = [{ name: null, analysis: project, result: affected }];
      const printed = isInvocations(format) ? format : "vitest-invocations";
      io.stdout(jsonOutput(invocationsOf(printed, "verify", projects, shard, io), compact));
      return EXIT.ok;
    }
    const { VERIFY_RESULT_SCHEMA_VERSION, verifySteps } = await import("../verify/run-steps.js");
    const { ok, widened, steps, index } = verifySteps(
      analysis,
      affected,
      { dryRun, vitestOnly, format, shard },
      io,
    );
    const result: VerifyResult = {
      schemaVersion: VERIFY_RESULT_SCHEMA_VERSION,
      command: "verify",
      ok,
      widened,
      affected,
      steps,
      index,
    };
    if (format === "json") io.stdout(jsonOutput(result, compact));
    // What the answer leaves out (packages depending on this one, ...), after the verdict as in
    // `affected`'s text: a passing verify must not read as the workspace's.
    else for (const note of affected.notes) io.stdout(`note: ${note}\n`);
    return ok ? EXIT.ok : EXIT.checkFailed;
  },
};
