// One project's verification: the four steps (cli/verify/steps.ts) in order on its affected
// answer, told on stdout unless the output is JSON; shared by `verify` and the workspace layer.
import path from "node:path";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import type { Shard } from "../../affected/shard.js";
import type { Analysis } from "../../analyze.js";
import { indexPath } from "../../index-file/write.js";
import { toPosix } from "../../../schema/paths.js";
import { widenedText } from "../affected-text.js";
import type { CliIO } from "../io.js";
import type { TestSplitFormat } from "../test-split.js";
import {
  indexedTsconfig,
  indexStep,
  lintStep,
  testsSteps,
  typecheckStep,
  type IndexAction,
  type StepContext,
  type VerifyStep,
} from "./steps.js";

export const VERIFY_RESULT_SCHEMA_VERSION = 1;

export interface VerifyResult {
  readonly schemaVersion: typeof VERIFY_RESULT_SCHEMA_VERSION;
  readonly command: "verify";
  readonly ok: boolean;
  readonly widened: boolean;
  readonly affected: AffectedResult;
  readonly steps: readonly VerifyStep[];
  /** What verify did to .agentix/index.json. */
  readonly index: { readonly file: string; readonly action: IndexAction };
}

/** The four steps on one project's affected answer, told on stdout unless the output is JSON. */
export function verifySteps(
  analysis: Analysis,
  affected: AffectedResult,
  options: {
    readonly dryRun: boolean;
    readonly format: TestSplitFormat;
    readonly shard?: Shard | undefined;
    readonly chosen?: ReadonlySet<AffectedTestFile> | undefined;
    /** See StepContext: set by the workspace layer for projects sharing a folder. */
    readonly indexOf?: string | undefined;
    readonly sameTestsAs?: string | undefined;
    readonly scoped?: boolean | undefined;
    /** `--vitest-only`: other runners' selected tests are named, not run. */
    readonly vitestOnly?: boolean | undefined;
    /** See StepContext: shared by the projects of one workspace verify. */
    readonly othersRun?: Set<string> | undefined;
  },
  io: CliIO,
): { ok: boolean; widened: boolean; steps: VerifyStep[]; index: VerifyResult["index"] } {
  const indexFile = indexPath(analysis.loaded.root);
  const shownIndex = toPosix(path.relative(io.cwd, indexFile));
  // An index file agentix will not read (a FIFO, a link to /dev/zero) throws here, before any
  // step runs or prints (exit 2), not after the typecheck, the lint and the tests.
  const indexOf = options.indexOf ?? indexedTsconfig(indexFile, shownIndex);
  const context: StepContext = {
    analysis,
    affected,
    widened: affected.widened.length > 0,
    dryRun: options.dryRun,
    shard: options.shard,
    chosen: options.chosen,
    indexOf,
    sameTestsAs: options.sameTestsAs,
    scoped: options.scoped,
    vitestOnly: options.vitestOnly,
    othersRun: options.othersRun,
    io,
    index: "none",
    log: (text) => {
      if (options.format !== "json") io.stdout(text);
    },
  };
  context.log(headline(context));
  const steps = [typecheckStep, lintStep, indexStep, testsSteps].flatMap((step) => step(context));
  const ok = steps.every((step) => step.status !== "failed");
  context.log(`\n${verdict(context, steps, ok)}\n`);
  const index = { file: shownIndex, action: context.index };
  return { ok, widened: context.widened, steps, index };
}

function headline({ affected, widened }: StepContext): string {
  const source = affected.since !== null ? `since ${affected.since}` : affected.targets.join(" ");
  return widened
    ? `agentix verify ${source}: widened to everything (${widenedText(affected.widened)})\n`
    : `agentix verify ${source}: ${affected.affected.files.length} affected files, ${affected.tests.selected.cases} of ${affected.tests.total.cases} test cases\n`;
}

function verdict({ dryRun }: StepContext, steps: readonly VerifyStep[], ok: boolean): string {
  const failed = [
    ...new Set(steps.filter((step) => step.status === "failed").map((step) => step.step)),
  ];
  // A plan can fail already: selected tests no runner here can run.
  if (dryRun) return ok ? "planned" : `planned; verify would fail: ${failed.join(", ")}`;
  if (ok) return "verify passed";
  return `verify failed: ${failed.join(", ")}`;
}
