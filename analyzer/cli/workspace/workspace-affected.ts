// `agentix affected` at a workspace root: the changes split by package, each package's own
// answer, and the links that carried a change from one package into another.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import { baseIndexAt } from "../../affected/base-index.js";
import { changesSince, type FileChange } from "../../affected/changes.js";
import type { AffectedEdge } from "../../affected/edges.js";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import { UsageError } from "../../errors.js";
import { walkProject } from "../../project/walk.js";
import { computeWorkspaceAffected } from "../../workspace/affected.js";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import { strayTests } from "../../workspace/stray-tests.js";
import { cappedLines, listText, quotedInput } from "../../text.js";
import { pathIn, type Workspace, type WorkspacePackage } from "../../workspace/discover.js";
import type { ProjectSummary, WorkspaceAnalyses } from "../../workspace/project-summary.js";
import { AFFECTED_RESULT_SCHEMA_VERSION } from "../../affected/result.js";
import type { CliIO } from "../io.js";
import { affectedText, edgeLine, SECTION_LIMIT } from "../affected-text.js";
import { planForText } from "../verify/vitest-plan.js";
import {
  analyseWorkspace,
  packageHeading,
  projectEntry,
  projectLabel,
  workspaceSummary,
} from "./workspace-project.js";
import { linkedNames } from "../linked-names.js";

export interface WorkspaceAffectedResult {
  readonly schemaVersion: typeof AFFECTED_RESULT_SCHEMA_VERSION;
  readonly command: "affected";
  readonly since: string | null;
  readonly targets: readonly string[];
  readonly workspace: ReturnType<typeof workspaceSummary>;
  /** Relative to the workspace root. */
  readonly changes: AffectedResult["changes"];
  /** How a change crossed from one package into another, one edge per importing file. */
  readonly links: readonly AffectedEdge[];
  /** Every package the changes reach, with its own answer (paths relative to the package). */
  readonly packages: readonly (ProjectEntry & { readonly result: AffectedResult })[];
  /** The selected tests of every package, paths relative to the workspace root. */
  readonly tests: {
    readonly selected: { readonly files: number; readonly cases: number };
    /** Every analysed package's tests (reached or not), summed and per package. */
    readonly total: {
      readonly files: number;
      readonly cases: number;
      readonly packages: readonly (ProjectEntry & {
        readonly files: number;
        readonly cases: number;
      })[];
    };
    readonly files: readonly AffectedTestFile[];
  };
  readonly notes: readonly string[];
}

export interface WorkspaceAffectedRun {
  /** Every analysed project's summary, and its analysis (kept or made again). */
  readonly projects: WorkspaceAnalyses;
  readonly result: WorkspaceAffectedResult;
  /** The workspace as analysed: a package whose tsconfig includes no sources is not analysed. */
  readonly workspace: Workspace;
  /** Projects whose folder holds tests that deeper projects count (see computeWorkspaceAffected). */
  readonly scoped: ReadonlySet<WorkspacePackage>;
  /** The project each of `result.packages` is, in that order. */
  readonly reached: readonly WorkspacePackage[];
}

type ProjectEntry = ReturnType<typeof projectEntry>;

export function runWorkspaceAffected(
  verb: string,
  declared: Workspace,
  since: string | undefined,
  targets: readonly string[],
  io: CliIO,
): WorkspaceAffectedRun {
  if (since !== undefined && targets.length > 0)
    throw new UsageError("give targets or --since, not both", verb);
  if (since === undefined && targets.length === 0)
    throw new UsageError("name a feature, an operation or a file, or give --since <git-ref>", verb);
  const { workspace, projects } = analyseWorkspace(declared, io);
  const operations = new Map<WorkspacePackage, string[]>();
  let changes: FileChange[];
  if (since !== undefined) changes = changesSince(since, workspace.root);
  else {
    changes = [];
    for (const target of targets)
      changes.push(...targetChanges(verb, workspace, projects.summaries, operations, target, io));
  }
  const computed = computeWorkspaceAffected(workspace, projects, {
    since: since ?? null,
    targets,
    changes,
    operations,
    ...(since !== undefined ? { base: committedIndexes(workspace, since) } : {}),
  });
  const testFiles = computed.packages.flatMap((entry) =>
    entry.result.tests.files.map((file) => ({
      ...file,
      file: pathIn(entry.package, file.file),
    })),
  );
  const notes = workspaceNotes(workspace, computed);
  return {
    projects,
    workspace,
    scoped: computed.scoped,
    reached: computed.packages.map((entry) => entry.package),
    result: {
      schemaVersion: AFFECTED_RESULT_SCHEMA_VERSION,
      command: "affected",
      since: since ?? null,
      targets,
      workspace: workspaceSummary(workspace),
      changes: changes.map((change) => ({
        path: change.path,
        status: change.status,
        oldPath: change.oldPath ?? null,
        lines: change.lines ?? null,
      })),
      links: computed.links,
      packages: computed.packages.map((entry) => ({
        ...projectEntry(workspace, entry.package),
        result: entry.result,
      })),
      tests: {
        selected: {
          files: testFiles.length,
          cases: testFiles.reduce((sum, file) => sum + file.selected, 0),
        },
        total: {
          files: computed.totals.reduce((sum, entry) => sum + entry.files, 0),
          cases: computed.totals.reduce((sum, entry) => sum + entry.cases, 0),
          packages: computed.totals.map((entry) => ({
            ...projectEntry(workspace, entry.package),
            files: entry.files,
            cases: entry.cases,
          })),
        },
        files: testFiles,
      },
      notes,
    },
  };
}

/**
 * What the answer leaves to others or cannot count: shared package names, packages without a
 * tsconfig, stray tests.
 */
function workspaceNotes(
  workspace: Workspace,
  computed: ReturnType<typeof computeWorkspaceAffected>,
): string[] {
  const stray = strayTests(workspace);
  const notes = [...workspace.notes];
  notes.push(
    ...computed.unanalysed.map(({ path: folder, compiledBy }) => {
      const compiled = compiledBy.map((project) => projectLabel(projectEntry(workspace, project)));
      const because =
        workspace.packages.find((entry) => entry.path === folder)?.unanalysedBecause ??
        "has no tsconfig.json";
      return compiled.length === 0
        ? `${folder} ${because}: agentix does not analyse it; every package importing it counts as changed`
        : `${folder} has no tsconfig.json of its own: ${compiled.join(", ")} compile${compiled.length === 1 ? "s" : ""} its changed files and answer${compiled.length === 1 ? "s" : ""} for them; every package importing it counts as changed`;
    }),
  );
  if (stray.length > 0)
    notes.push(
      `${listText(stray, { limit: 5 })}: outside every project of the workspace, so no answer counts ${stray.length === 1 ? "it" : "them"} (give the root tsconfig.json an include that names ${stray.length === 1 ? "it" : "them"})`,
    );
  return notes;
}

/** A folder's index committed at `since` is its indexed project's: only that one looks importers up in it. */
function committedIndexes(workspace: Workspace, since: string) {
  const { indexed } = indexedProjects(workspace);
  return (pkg: WorkspacePackage) =>
    indexed.includes(pkg) ? baseIndexAt(since, pkg.dir) : undefined;
}

/** What one command-line target stands for: an operation, a feature or a path (root-relative changes). */
function targetChanges(
  verb: string,
  workspace: Workspace,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  operations: Map<WorkspacePackage, string[]>,
  target: string,
  io: CliIO,
): FileChange[] {
  let found = false;
  const changes: FileChange[] = [];
  for (const [entry, analysis] of analyses) {
    if (analysis.operations.some((operation) => operation.id === target)) {
      operations.set(entry, [...(operations.get(entry) ?? []), target]);
      found = true;
      continue;
    }
    const files = analysis.files.filter((file) => file.feature === target);
    for (const file of files) changes.push({ path: pathIn(entry, file.path), status: "modified" });
    if (files.length > 0) found = true;
  }
  if (found) return changes;
  const absolute = path.resolve(io.cwd, target);
  if (existsSync(absolute)) {
    const files = statSync(absolute).isDirectory()
      ? walkProject(absolute, () => true).files
      : [absolute];
    return files.flatMap((file) =>
      linkedNames(file, workspace.root).map((name) => ({
        path: toPosix(path.relative(workspace.root, name)),
        status: "modified" as const,
      })),
    );
  }
  throw new UsageError(
    `${quotedInput(target)} is not an operation, a feature or an existing file in any package of the workspace (${workspace.packages.map((entry) => entry.path).join(", ")})`,
    verb,
  );
}

/** Human output: the workspace's answer, the links between packages, then each package's answer. */
export function workspaceAffectedText(run: WorkspaceAffectedRun): string {
  const { result } = run;
  const source =
    result.since !== null ? `since ${result.since}` : `for ${result.targets.join(", ")}`;
  const { selected, total } = result.tests;
  const lines = [
    `agentix affected ${source} (workspace of ${result.workspace.packages.length} package${result.workspace.packages.length === 1 ? "" : "s"}): ${result.changes.length} changed file${result.changes.length === 1 ? "" : "s"}; ` +
      `${selected.cases} of ${total.cases} test cases in ${selected.files} of ${total.files} test files; ${result.packages.length} package${result.packages.length === 1 ? "" : "s"} reached`,
    "",
    "tests by package:",
    ...testsByPackage(result),
  ];
  if (result.links.length > 0) {
    lines.push("", "across packages:", ...cappedLines(result.links, edgeLine, SECTION_LIMIT));
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  const text = workspaceProjects(run).map(
    (project, place) =>
      `\n${packageHeading(result.packages[place]!)}${affectedText(project.result, planForText(project.analysis, project.result))}`,
  );
  return `${lines.join("\n")}\n${text.join("")}`;
}

/** One aligned line per analysed package: its selected cases and files of its totals. */
export function testsByPackage(result: WorkspaceAffectedResult): string[] {
  const rows = result.tests.total.packages.map((entry) => {
    const selected = result.packages.find((reached) => sameProject(reached, entry))?.result.tests
      .selected ?? { files: 0, cases: 0 };
    return [
      projectLabel(entry),
      `${selected.cases} of ${entry.cases} test cases in ${selected.files} of ${entry.files} test files`,
    ] as const;
  });
  const width = Math.max(0, ...rows.map(([name]) => name.length));
  return rows.map(([name, counts]) => `  ${name.padEnd(width)}  ${counts}`);
}

function sameProject(a: ProjectEntry, b: ProjectEntry): boolean {
  return a.path === b.path && a.tsconfig === b.tsconfig;
}

/**
 * Each reached package's answer, and what its Vitest plan reads of its analysis (the summary), as
 * the Vitest invocations take them.
 */
export function workspaceProjects(run: WorkspaceAffectedRun) {
  return run.result.packages.map((entry, place) => {
    const pkg = run.reached[place];
    const analysis = pkg === undefined ? undefined : run.projects.summaries.get(pkg);
    if (pkg === undefined || analysis === undefined)
      throw new Error(`no analysis of workspace package ${entry.path}`);
    return { name: entry.name, pkg, analysis, result: entry.result, scoped: run.scoped.has(pkg) };
  });
}
