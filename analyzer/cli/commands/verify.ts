// agentix verify: the narrowest verification that is still safe, on the answer of `agentix
// affected`. The steps (typecheck, lint, index, tests) are in cli/verify/steps.ts.
import { parseVerbArgs } from "../args.js";
import { TEST_SPLIT_FLAGS, TEST_SPLIT_USAGE, testSplitOutput } from "../test-split.js";
import { vitestInvocations } from "../vitest-invocations.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { jsonOutput } from "../project.js";
import {
  VERIFY_RESULT_SCHEMA_VERSION,
  verifySteps,
  type VerifyResult,
} from "../verify/run-steps.js";
import type { Command } from "./command.js";
import { runAffected } from "./affected.js";
import { workspaceFor } from "../workspace/workspace-project.js";
import { verifyWorkspace } from "../workspace/workspace-verify.js";

export type { IndexAction, StepName, VerifyStep } from "../verify/steps.js";
export { VERIFY_RESULT_SCHEMA_VERSION, type VerifyResult } from "../verify/run-steps.js";

const USAGE = `Usage: agentix verify <feature|operation|file...> [options]
       agentix verify --since <git-ref> [options]

The narrowest verification that is still safe, in four steps, each saying what it runs and why:
  1. typecheck   tsc on the project (narrowed to the affected projects only when the tsconfig
                 uses project references; otherwise the program is one unit)
  2. lint        the agentix rules (the ESLint plugin's own logic) on the affected files
  3. index       the committed .agentix/index.json is regenerated: rewritten when stale (only
                 where the project commits one; --dry-run writes nothing)
  4. tests       Vitest on exactly the tests \`agentix affected\` selects, down to the case
Whenever agentix cannot prove a narrow answer it widens to the full suite and says why.

Options:
  --since <git-ref>    changes between <git-ref> and the working tree
  --dry-run            print the plan without running it
  --json               the plan and the results as JSON (schema/cli-verify.v1.schema.json)
  --compact            one-line JSON (with --json or --format vitest-invocations)
${TEST_SPLIT_USAGE}
                       (verify --shard runs every step, and only that part of the tests;
                       --format vitest-invocations prints them and runs nothing)
  -p, --project <tsconfig>  the project's tsconfig (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .); at a
                       workspace root without --project: every package the change reaches
  -h, --help           this help

Exit codes: 0 every step passed, 1 a step failed, 2 bad invocation, 3 internal error.`;

export const verifyCommand: Command = {
  name: "verify",
  summary: "typecheck, lint, regenerate the index and only the tests proven needed",
  usage: USAGE,
  run(args: readonly string[], io: CliIO): ExitCode {
    const { values, positionals } = parseVerbArgs(
      "verify",
      args,
      { since: { type: "string" }, "dry-run": { type: "boolean" }, ...TEST_SPLIT_FLAGS },
      Infinity,
    );
    const { format, compact, shard } = testSplitOutput("verify", values);
    const dryRun = values["dry-run"] === true;
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined) {
      const options = { dryRun, format, compact, shard };
      return verifyWorkspace(workspace, values.since, positionals, options, io);
    }
    const { analysis, result: affected } = runAffected("verify", values, positionals, io);
    if (format === "vitest-invocations") {
      const projects = [{ name: null, analysis, result: affected }];
      io.stdout(jsonOutput(vitestInvocations("verify", projects, shard, io), compact));
      return EXIT.ok;
    }
    const { ok, widened, steps, index } = verifySteps(
      analysis,
      affected,
      { dryRun, format, shard },
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
    return ok ? EXIT.ok : EXIT.checkFailed;
  },
};
