// `agentix verify` at a workspace root: the workspace's affected answer, then the four steps in
// every package it reaches, each package on its own tsconfig, lint rules, index and tests.
import type { CliIO, ExitCode } from "../io.js";
import { EXIT } from "../io.js";
import { jsonOutput } from "../json-output.js";
import { SECTION_LIMIT } from "../affected-text.js";
import { cappedLines } from "../../text.js";
import type { Workspace } from "../../workspace/discover.js";
import {
  verifySteps,
  VERIFY_RESULT_SCHEMA_VERSION,
  type VerifyResult,
} from "../verify/run-steps.js";
import type { VerifyStep } from "../verify/steps.js";
import type { Shard } from "../../affected/shard.js";
import { isInvocations, type TestSplitFormat } from "../test-split.js";
import { shardAcrossProjects } from "../vitest-invocations.js";
import { invocationsOf } from "../test-invocations.js";
import {
  runWorkspaceAffected,
  testsByPackage,
  workspaceProjects,
  type WorkspaceAffectedResult,
} from "./workspace-affected.js";
import path from "node:path";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import { sameRun, vitestPlan } from "../verify/vitest-plan.js";
import {
  packageHeading,
  projectEntry,
  projectLabel,
  workspaceSummary,
} from "./workspace-project.js";

export interface WorkspaceVerifyResult {
  readonly schemaVersion: typeof VERIFY_RESULT_SCHEMA_VERSION;
  readonly command: "verify";
  readonly ok: boolean;
  readonly workspace: ReturnType<typeof workspaceSummary>;
  readonly affected: WorkspaceAffectedResult;
  readonly packages: readonly {
    readonly name: string;
    readonly path: string;
    readonly tsconfig: string | null;
    readonly ok: boolean;
    readonly widened: boolean;
    readonly steps: readonly VerifyStep[];
    readonly index: VerifyResult["index"];
  }[];
}

export function verifyWorkspace(
  declared: Workspace,
  since: string | undefined,
  targets: readonly string[],
  options: {
    readonly dryRun: boolean;
    readonly vitestOnly?: boolean;
    readonly format: TestSplitFormat;
    readonly compact: boolean;
    readonly shard: Shard | undefined;
  },
  io: CliIO,
): ExitCode {
  const run = runWorkspaceAffected("verify", declared, since, targets, io);
  const { workspace } = run;
  const { result: affected } = run;
  if (isInvocations(options.format)) {
    const projects = workspaceProjects(run);
    io.stdout(
      jsonOutput(
        invocationsOf(options.format, "verify", projects, options.shard, io),
        options.compact,
      ),
    );
    return EXIT.ok;
  }
  const text = options.format !== "json";
  if (text) io.stdout(verifyHeading(run, since, targets));
  const projects = workspaceProjects(run);
  const chosen =
    options.shard === undefined ? undefined : shardAcrossProjects(projects, options.shard, io);
  const { indexed } = indexedProjects(workspace);
  // Projects of one folder (tsconfig.app.json, tsconfig.node.json) share its index, and the same
  // Vitest run (a widened one runs the folder's whole suite) runs once.
  const runs = new Map<{ cwd: string; filters: readonly string[] }, string>();
  // Another runner's files run once, whichever projects select them.
  const othersRun = new Set<string>();
  const packages = projects.map(({ pkg, result, scoped }) => {
    // Its index and violations need the whole analysis: the one kept, or made again.
    const analysis = run.projects.analysis(pkg);
    const identity = projectEntry(workspace, pkg);
    if (text) io.stdout(`\n${packageHeading(identity)}`);
    const owner = indexed.find((entry) => entry.dir === pkg.dir);
    const plan = vitestPlan(analysis, result, options.shard, chosen, scoped);
    const earlier = [...runs].find(
      ([other]) => other.cwd === plan.cwd && sameRun(other.filters, plan.filters),
    );
    const sameTestsAs = plan.filters.length > 0 ? earlier?.[1] : undefined;
    if (sameTestsAs === undefined) runs.set(plan, projectLabel(identity));
    const steps = verifySteps(
      analysis,
      result,
      {
        ...options,
        chosen,
        indexOf:
          owner?.tsconfig && path.relative(owner.dir, owner.tsconfig).split(path.sep).join("/"),
        sameTestsAs,
        scoped,
        othersRun,
      },
      io,
    );
    return { ...identity, ...steps };
  });
  const ok = packages.every((entry) => entry.ok);
  if (!text) {
    const result: WorkspaceVerifyResult = {
      schemaVersion: VERIFY_RESULT_SCHEMA_VERSION,
      command: "verify",
      ok,
      workspace: workspaceSummary(workspace),
      affected,
      packages,
    };
    io.stdout(jsonOutput(result, options.compact));
  } else if (packages.length === 0) io.stdout("\nno package can observe this change\n");
  return ok ? EXIT.ok : EXIT.checkFailed;
}

/** What text output says first: the packages reached, why (capped), the tests by package. */
function verifyHeading(
  { workspace, result: affected }: ReturnType<typeof runWorkspaceAffected>,
  since: string | undefined,
  targets: readonly string[],
): string {
  const source = since !== undefined ? `since ${since}` : targets.join(" ");
  const lines = [
    `agentix verify ${source} (workspace of ${workspace.packages.length} package${workspace.packages.length === 1 ? "" : "s"}): ${affected.packages.length} package${affected.packages.length === 1 ? "" : "s"} reached, ${affected.tests.selected.cases} of ${affected.tests.total.cases} test cases`,
    ...cappedLines(
      affected.links,
      (edge) => `  ${edge.to.replace(/^file /u, "")}: ${edge.reason}`,
      SECTION_LIMIT,
    ),
    "tests by package:",
    ...testsByPackage(affected),
    ...affected.notes.map((note) => `note: ${note}`),
  ];
  return `${lines.join("\n")}\n`;
}
