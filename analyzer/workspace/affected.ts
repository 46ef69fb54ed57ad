// `agentix affected` across a workspace: each package's own closure (its own analysis), linked
// through the imports of other workspace packages. A change that reaches a file a package
// exports (or any change, when its exports map to no analysed source) reaches every file of
// another package that imports it, as a whole-module change there, and so on to a fixpoint.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import type { FileChange } from "../affected/changes.js";
import type { AffectedEdge } from "../affected/edges.js";
import { affectedResult, type AffectedResult } from "../affected/result.js";
import type { AffectedComputation, NamedTargets } from "../affected/select.js";
import type { ChangedElsewhere } from "../affected/select-tests.js";
import { answerDrivers } from "./driven-packages.js";
import { testOwnership } from "./test-ownership.js";
import type { BaseIndexLookup } from "../affected/base-index.js";
import { computeAffected } from "../affected/live-facts.js";
import { isConfigFile, isInertFile } from "../affected/widening.js";
import { compareText } from "../project/paths.js";
import { pathIn, type Workspace, type WorkspacePackage } from "./discover.js";
import { workspaceLinks, type WorkspaceLink } from "./links.js";
import type { ProjectSummary, WorkspaceAnalyses } from "./project-summary.js";

export interface WorkspaceAffectedInput {
  readonly since: string | null;
  readonly targets: readonly string[];
  /** Changes relative to the workspace root, POSIX. */
  readonly changes: readonly FileChange[];
  /** Operation ids named as targets, per package. */
  readonly operations?: ReadonlyMap<WorkspacePackage, readonly string[]>;
  /**
   * The index a project committed at the base (`--since`): where removed files' importers are
   * looked up. Without one, a removal widens that project.
   */
  readonly base?: (pkg: WorkspacePackage) => BaseIndexLookup | undefined;
}

export interface PackageAffected {
  readonly package: WorkspacePackage;
  /** Files of this package that import a changed export of another package. */
  readonly reachedBy: readonly WorkspaceLink[];
  readonly result: AffectedResult;
}

/** How many tests one analysed package has, reached or not. */
export interface PackageTestTotal {
  readonly package: WorkspacePackage;
  readonly files: number;
  readonly cases: number;
}

export interface WorkspaceAffected {
  readonly packages: readonly PackageAffected[];
  /** Every analysed package's test totals, sorted by path. */
  readonly totals: readonly PackageTestTotal[];
  readonly links: readonly AffectedEdge[];
  /**
   * Workspace packages agentix does not analyse on their own (no tsconfig) with changes, and the
   * projects whose programs compile those changed files (a root tsconfig.json including them).
   */
  /** Projects whose programs compile tests that other projects (of deeper folders) count. */
  readonly scoped: ReadonlySet<WorkspacePackage>;
  readonly unanalysed: readonly {
    readonly path: string;
    readonly compiledBy: readonly WorkspacePackage[];
  }[];
}

export function computeWorkspaceAffected(
  workspace: Workspace,
  projects: WorkspaceAnalyses,
  input: WorkspaceAffectedInput,
): WorkspaceAffected {
  const analyses = projects.summaries;
  const links = workspaceLinks(workspace, analyses);
  const { countsTest, scoped } = testOwnership(analyses);
  const reachedBy = new Map<WorkspacePackage, WorkspaceLink[]>();
  const results = new Map<WorkspacePackage, AffectedResult>();
  const changedIn = changedPackages(workspace, input.changes);
  const seen = new Map(
    [...analyses.keys()].map((pkg) => [pkg, changesSeen(workspace, pkg, analyses, input.changes)]),
  );
  // A package whose program compiles another package's changed file other than by its name
  // (a relative import out of the package) sees that change itself.
  const queue = [...analyses.keys()].filter(
    (pkg) => (seen.get(pkg)?.length ?? 0) > 0 || (input.operations?.get(pkg)?.length ?? 0) > 0,
  );
  // Unanalysed packages: any change there reaches every importer.
  const reached = new Map<WorkspacePackage, ReadonlySet<string> | "all">();
  for (const pkg of changedIn) if (!analyses.has(pkg)) reached.set(pkg, "all");
  const spread = (target: WorkspacePackage) => {
    const entries = reached.get(target);
    if (entries === undefined) return;
    for (const link of links) {
      if (link.target !== target) continue;
      const hit =
        entries === "all" || link.entries.length === 0 || link.entries.some((e) => entries.has(e));
      const list = reachedBy.get(link.importer) ?? [];
      if (!hit || list.includes(link)) continue;
      list.push(link);
      reachedBy.set(link.importer, list);
      if (!queue.includes(link.importer)) queue.push(link.importer);
    }
  };
  for (const pkg of reached.keys()) spread(pkg);
  const answer = (pkg: WorkspacePackage, changedElsewhere?: ChangedElsewhere) => {
    const changes = withReached(seen.get(pkg) ?? [], reachedBy.get(pkg) ?? []);
    const operations = input.operations?.get(pkg) ?? [];
    const computation = computeAffected(
      projects.analysis(pkg),
      changes,
      { operations } satisfies NamedTargets,
      input.base?.(pkg),
      { countsTest: countsTest(pkg), ...(changedElsewhere && { changedElsewhere }) },
    );
    const result = affectedResult(computation, {
      since: input.since,
      targets: input.targets,
      changes,
    });
    results.set(pkg, result);
    return { result, changes, computation, operations };
  };
  while (queue.length > 0) {
    const pkg = queue.shift() as WorkspacePackage;
    const summary = analyses.get(pkg);
    if (summary === undefined) continue;
    const { result, changes, computation, operations } = answer(pkg);
    const changedFiles = filesChangedFor(summary, changes, computation, operations);
    reached.set(pkg, crossesAsAll(result) ? "all" : exportsReaching(summary, changedFiles));
    spread(pkg);
  }
  answerDrivers(analyses, results, answer);
  const order = workspaceOrder(workspace);
  const packages = reachedPackages(results, reachedBy, seen).sort(
    (a, b) => order(a.package) - order(b.package),
  );
  return {
    packages,
    totals: testTotals(analyses, results, countsTest, order),
    links: distinctEdges(packages),
    scoped,
    unanalysed: unanalysedChanges(workspace, analyses, changedIn, input.changes),
  };
}

/** The packages holding a changed file (its old path too). */
function changedPackages(
  workspace: Workspace,
  changes: readonly FileChange[],
): Set<WorkspacePackage> {
  const changedIn = new Set<WorkspacePackage>();
  for (const change of changes)
    for (const file of [change.path, change.oldPath])
      if (file !== undefined) for (const pkg of owners(workspace, file)) changedIn.add(pkg);
  return changedIn;
}

/** The links that reached packages, each once: two projects of one folder (its tsconfig.build.json and tsconfig.spec.json) read alike. */
function distinctEdges(packages: readonly PackageAffected[]): AffectedEdge[] {
  const edges = new Map<string, AffectedEdge>();
  for (const edge of packages.flatMap((entry) => entry.reachedBy.map(linkEdge)))
    edges.set(`${edge.from}\n${edge.to}\n${edge.reason}`, edge);
  return [...edges.values()];
}

/** The changed packages without an analysis of their own, and which projects compile those changes. */
function unanalysedChanges(
  workspace: Workspace,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  changedIn: ReadonlySet<WorkspacePackage>,
  changes: readonly FileChange[],
): WorkspaceAffected["unanalysed"] {
  const order = workspaceOrder(workspace);
  return [...changedIn]
    .filter((pkg) => !analyses.has(pkg))
    .sort((a, b) => compareText(a.path, b.path))
    .map((pkg) => ({
      path: pkg.path,
      compiledBy: [...analyses]
        .filter(([, analysis]) =>
          changes.some(
            (change) =>
              owners(workspace, change.path).includes(pkg) &&
              analysis.compiles(path.join(workspace.root, change.path)),
          ),
        )
        .map(([project]) => project)
        .sort((a, b) => order(a) - order(b)),
    }));
}

/** Each package's test totals: from its answer, or counted as an answer to no change counts them. */
function testTotals(
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  results: ReadonlyMap<WorkspacePackage, AffectedResult>,
  countsTest: (pkg: WorkspacePackage) => (path: string) => boolean,
  order: (pkg: WorkspacePackage) => number,
): PackageTestTotal[] {
  const totals = [...analyses].map(([pkg, summary]): PackageTestTotal => {
    const result = results.get(pkg);
    if (result !== undefined) return { package: pkg, ...result.tests.total };
    // What an answer to no change counts: the tests this project counts, and their cases.
    const counts = countsTest(pkg);
    let files = 0;
    let cases = 0;
    for (const [test, count] of summary.testCases)
      if (counts(test)) {
        files += 1;
        cases += count;
      }
    return { package: pkg, files, cases };
  });
  return totals.sort((a, b) => order(a.package) - order(b.package));
}

/**
 * The packages reached: by a change of their own, by a link, or with something in their answer;
 * a change outside its folder that a package cannot observe (`.changeset/config.json`) does not.
 */
function reachedPackages(
  results: ReadonlyMap<WorkspacePackage, AffectedResult>,
  reachedBy: ReadonlyMap<WorkspacePackage, readonly WorkspaceLink[]>,
  seen: ReadonlyMap<WorkspacePackage, readonly FileChange[]>,
): PackageAffected[] {
  const changesOwnFolder = (pkg: WorkspacePackage) =>
    (seen.get(pkg) ?? []).some((change) => !change.path.startsWith("../"));
  return [...results]
    .map(([pkg, result]) => ({ package: pkg, reachedBy: reachedBy.get(pkg) ?? [], result }))
    .filter(
      (entry) =>
        entry.reachedBy.length > 0 || observes(entry.result) || changesOwnFolder(entry.package),
    );
}

/** Whether an answer widened, reached a file or selected a test. */
function observes(result: AffectedResult): boolean {
  return (
    result.widened.length > 0 || result.affected.files.length > 0 || result.tests.files.length > 0
  );
}

/** A project's place in the workspace's order (by path, then reference order in a folder). */
function workspaceOrder(workspace: Workspace): (pkg: WorkspacePackage) => number {
  const places = new Map(workspace.packages.map((pkg, place) => [pkg, place]));
  return (pkg) => places.get(pkg) ?? places.size;
}

/**
 * A widening other packages inherit: everything but shared code, whose reach into other packages
 * the import graph bounds (inside its own package agentix widens on it for other reasons).
 */
function crossesAsAll(result: AffectedResult): boolean {
  return result.widened.some((reason) => reason.code !== "shared-code");
}

/**
 * The projects whose folder holds a root-relative path: those of the deepest package folder
 * (one folder may hold several projects). A file of the root folder has none: like a file
 * outside every package, every project sees its change (the root's projects as their own).
 */
export function owners(workspace: Workspace, file: string): WorkspacePackage[] {
  let deepest: string | undefined;
  for (const pkg of workspace.packages)
    if (
      pkg.path !== "." &&
      file.startsWith(`${pkg.path}/`) &&
      (deepest === undefined || pkg.path.length > deepest.length)
    )
      deepest = pkg.path;
  return deepest === undefined ? [] : workspace.packages.filter((pkg) => pkg.path === deepest);
}

/**
 * The changes as this package's analysis sees them: its own files, files outside every package
 * (`../../tsconfig.base.json`: its classification decides), and another package's files only
 * when this program compiles them other than through that package's name (with node_modules
 * installed, the links carry those). Of its folder's files, one that another project of the
 * folder compiles and this one does not is that project's alone (src/ is tsconfig.app.json's,
 * not tsconfig.node.json's), unless it is configuration.
 */
function changesSeen(
  workspace: Workspace,
  pkg: WorkspacePackage,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  changes: readonly FileChange[],
): FileChange[] {
  const analysis = analyses.get(pkg) as ProjectSummary;
  const rebase = (file: string) => toPosix(path.relative(pkg.path, file));
  const compiles = (project: WorkspacePackage, absolute: string) =>
    analyses.get(project)?.compiles(absolute) === true;
  const siblings = workspace.packages.filter(
    (other) => other !== pkg && other.path === pkg.path && analyses.has(other),
  );
  let compiledDirs: ReadonlySet<string> | undefined;
  const seen: FileChange[] = [];
  for (const change of changes) {
    const where = owners(workspace, change.path);
    const moved = change.oldPath !== undefined && owners(workspace, change.oldPath).includes(pkg);
    const absolute = path.join(workspace.root, change.path);
    const ownFolder = where.length > 0 ? where.includes(pkg) : pkg.path === ".";
    // Documentation outside its folder (a `.changeset/*.md`) is no change of a package's: it
    // would list all of them as reached, each answering that nothing can observe it.
    if (!ownFolder && isInertFile(change.path)) continue;
    if (where.length > 0 && !where.includes(pkg) && !moved) {
      if (!compiles(pkg, absolute)) {
        compiledDirs ??= new Set(analysis.files.map((f) => path.dirname(f.absolute)));
        if (!answersForAsset(change.path, where, compiledDirs, analyses)) continue;
      }
      if (analysis.linked.has(absolute)) continue;
    } else if (
      ownFolder &&
      change.status !== "deleted" &&
      !isConfigFile(change.path) &&
      !compiles(pkg, absolute) &&
      siblings.some((sibling) => compiles(sibling, absolute))
    ) {
      // A file a sibling compiles, renamed: the new file is the sibling's, but the old one's
      // removal is this project's too (an Nx spec project whose tests imported it).
      if (change.status === "renamed" && change.oldPath !== undefined)
        seen.push({ path: rebase(change.oldPath), status: "deleted" });
      continue;
    }
    seen.push({
      ...change,
      path: rebase(change.path),
      ...(change.oldPath !== undefined ? { oldPath: rebase(change.oldPath) } : {}),
    });
  }
  return seen;
}

/**
 * Whether a project answers for a file that is not TypeScript in a package without a project of
 * its own (a `.vue` component in vueuse's packages/core): it compiles that package's files.
 */
function answersForAsset(
  file: string,
  where: readonly WorkspacePackage[],
  compiledDirs: ReadonlySet<string>,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
): boolean {
  if (/\.[cm]?tsx?$/u.test(file) || where.some((owner) => analyses.has(owner))) return false;
  // By the folders of the project's files (far fewer than its files), once per project.
  for (const dir of compiledDirs)
    if (where.some((owner) => dir === owner.dir || dir.startsWith(`${owner.dir}${path.sep}`)))
      return true;
  return false;
}

/** The changes seen, then the importers other packages' changes reach (whole files). */
function withReached(
  seen: readonly FileChange[],
  reachedBy: readonly WorkspaceLink[],
): FileChange[] {
  const known = new Set(seen.map((change) => change.path));
  const reached = [...new Set(reachedBy.map((link) => link.file))]
    .filter((file) => !known.has(file))
    .sort(compareText)
    .map((file): FileChange => ({ path: file, status: "modified" }));
  return [...seen, ...reached];
}

/**
 * The files of a package whose change its importers in other packages see: the changed ones,
 * the named operations' files, and a module changed as a whole (it imported a removed or renamed
 * file, or loads one no one can name), since the removed file is in no import graph any more.
 */
function filesChangedFor(
  analysis: ProjectSummary,
  changes: readonly FileChange[],
  computation: AffectedComputation,
  operations: readonly string[],
): Set<string> {
  const changedFiles = new Set(changes.map((change) => change.path));
  for (const [file, cause] of computation.affectedModules)
    if (cause.from === null) changedFiles.add(file);
  for (const operation of operations)
    for (const model of analysis.operations)
      if (model.id === operation) changedFiles.add(model.file);
  return changedFiles;
}

/** The files of a package that load a changed file (through any import, type-only included). */
function exportsReaching(analysis: ProjectSummary, changed: ReadonlySet<string>): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [file, imports] of analysis.imports)
    for (const item of imports)
      if (item.file !== null) {
        const list = importers.get(item.file) ?? [];
        list.push(file);
        importers.set(item.file, list);
      }
  const reached = new Set<string>();
  const stack = [...changed];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    stack.push(...(importers.get(file) ?? []));
  }
  return reached;
}

function linkEdge(link: WorkspaceLink): AffectedEdge {
  const file = pathIn(link.importer, link.file);
  const entries = link.entries.map((entry) => pathIn(link.target, entry));
  const loads =
    entries.length > 0
      ? entries.join(", ")
      : `${link.target.path}: ${link.target.entries.kind === "exports" ? "its exports name no analysed source" : "which of its files that loads is not known"}`;
  return {
    from: entries.length > 0 ? `file ${entries.join(", ")}` : `package ${link.target.name}`,
    to: `file ${file}`,
    reason: `${file} imports ${link.specifier} (${loads})`,
  };
}
