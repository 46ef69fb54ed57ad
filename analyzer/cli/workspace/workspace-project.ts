// A verb run at a workspace root (no --project, and the root declares workspaces): the
// workspace's projects, each analysed on its own tsconfig. Whether a verb runs at a workspace
// root is workspace-root.ts's question (it loads no TypeScript; this module does).
import path from "node:path";
import { tsconfigPath, type Workspace, type WorkspacePackage } from "../../workspace/discover.js";
import { ProjectLoadError } from "../../errors.js";
import type { CliIO } from "../io.js";
import { projectAnalysis } from "../project.js";
import { heapBudget } from "./heap-budget.js";
import { ProjectAnalyses } from "./project-analyses.js";
import type { ProjectSummary } from "../../workspace/project-summary.js";
import { listText } from "../../text.js";
import { problemLine, problemLines, type LoadProblem } from "../../project/tsconfig.js";
import { relativeToRoot } from "../../project/paths.js";
import type { ProjectArgs } from "../project-args.js";

/** The packages agentix analyses: those with a tsconfig. */
export function analysedPackages(workspace: Workspace): WorkspacePackage[] {
  return workspace.packages.filter((entry) => entry.tsconfig !== undefined);
}

/**
 * How a verb names one project: its folder and its tsconfig (always given: `--root` alone at the
 * workspace root would name the workspace again).
 */
export function projectArgs(entry: WorkspacePackage): ProjectArgs {
  return { root: entry.dir, ...(entry.tsconfig !== undefined ? { project: entry.tsconfig } : {}) };
}

/**
 * Each analysed package's summary (and analysis, while the heap has room); its load problems on
 * stderr, as for one project, except a test it leaves to another tsconfig that another project of
 * the workspace analyses. A package whose tsconfig includes no source files (a tooling package of
 * JavaScript or JSON) is not analysed, like one without a tsconfig: the workspace returned says
 * so, with a warning.
 */
export function analyseWorkspace(
  workspace: Workspace,
  io: CliIO,
): { readonly workspace: Workspace; readonly projects: ProjectAnalyses } {
  const projects = new ProjectAnalyses(workspace, (entry) =>
    projectAnalysis(projectArgs(entry), io, { announce: false }),
  );
  const analyses = projects.summaries;
  const empty = new Map<WorkspacePackage, WorkspacePackage>();
  const packages = analysedPackages(workspace);
  const budget = heapBudget(packages.length, io.heap);
  for (const [done, entry] of packages.entries()) {
    projects.heapMode = budget(done);
    try {
      projects.add(entry);
    } catch (error) {
      if (!(error instanceof ProjectLoadError) || error.code !== "tsconfig-empty") throw error;
      const tsconfig = tsconfigPath(workspace, entry);
      io.stderr(
        `agentix: warning: ${tsconfig} includes no source files: agentix does not analyse ${entry.path}\n`,
      );
      empty.set(entry, {
        ...entry,
        tsconfig: undefined,
        unanalysedBecause: `has no TypeScript sources (${tsconfig} includes none)`,
      });
    }
  }
  const testProjects = ownersOfLeftOutTests(workspace, projects);
  announceWorkspaceProblems(workspace, analyses, io);
  if (empty.size === 0 && testProjects.size === 0) return { workspace, projects };
  return {
    workspace: {
      ...workspace,
      packages: workspace.packages.flatMap((entry) => [
        empty.get(entry) ?? entry,
        ...(testProjects.get(entry) ?? []),
      ]),
    },
    projects,
  };
}

/** Each project's load problems, once each, on stderr (see analyseWorkspace). */
function announceWorkspaceProblems(
  workspace: Workspace,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  io: CliIO,
): void {
  const analysed = new Set<string>();
  for (const analysis of analyses.values())
    for (const file of analysis.files) analysed.add(file.absolute);
  // Named from the workspace root (`apps/web/tsconfig.json:2:14`, not each project's
  // `tsconfig.json`), and each once: every project extending tsconfig.base.json repeats its
  // problems, and a message every package's own tsconfig earns is printed once with its places.
  // Tests other tsconfigs own are grouped per analysed project, as "the analysed tsconfig" says.
  const shared: LoadProblem[] = [];
  const seen = new Set<string>();
  const owned: LoadProblem[][] = [];
  for (const [entry, analysis] of analyses) {
    const problems = analysis.loaded.problems.filter(
      (problem) =>
        problem.code !== "test-not-analysed" ||
        problem.file === null ||
        !analysed.has(path.resolve(entry.dir, problem.file)),
    );
    const fromRoot = (relative: string) => {
      const absolute = path.resolve(entry.dir, relative);
      return relativeToRoot(workspace.root, absolute) ?? absolute;
    };
    const rebased = problems.map((problem) => ({
      ...problem,
      file: problem.file === null ? null : fromRoot(problem.file),
      ...(problem.owner === undefined ? {} : { owner: fromRoot(problem.owner) }),
    }));
    owned.push(rebased.filter((problem) => problem.owner !== undefined));
    for (const problem of rebased) {
      if (problem.owner !== undefined) continue;
      const key = problemLine(problem);
      if (seen.has(key)) continue;
      seen.add(key);
      shared.push(problem);
    }
  }
  const announced = new Set<string>();
  for (const line of [shared, ...owned].flatMap((problems) => problemLines(problems))) {
    if (announced.has(line)) continue;
    announced.add(line);
    io.stderr(`agentix: ${line}\n`);
  }
}

/**
 * The tsconfigs inside a package's folder that own tests its own tsconfig leaves out (drizzle-orm's
 * tests/tsconfig.json, which includes "." and "../src"), each analysed as another project of the
 * package from the package's folder: its tests are then selected like any other, instead of never.
 */
function ownersOfLeftOutTests(
  workspace: Workspace,
  projects: ProjectAnalyses,
): Map<WorkspacePackage, WorkspacePackage[]> {
  const known = new Set(workspace.packages.map((entry) => entry.tsconfig));
  const added = new Map<WorkspacePackage, WorkspacePackage[]>();
  for (const [entry, analysis] of [...projects.summaries]) {
    for (const problem of analysis.loaded.problems) {
      if (problem.code !== "test-not-analysed" || problem.owner === undefined) continue;
      const owner = path.resolve(entry.dir, problem.owner);
      if (known.has(owner) || relativeToRoot(entry.dir, owner) === undefined) continue;
      known.add(owner);
      const project: WorkspacePackage = { ...entry, tsconfig: owner };
      try {
        projects.add(project);
      } catch (error) {
        if (!(error instanceof ProjectLoadError)) throw error;
        continue; // it stays reported as not analysed
      }
      added.set(entry, [...(added.get(entry) ?? []), project]);
    }
  }
  return added;
}

/** How the JSON outputs identify a project: its name, folder and tsconfig (root-relative). */
export function projectEntry(workspace: Workspace, entry: WorkspacePackage) {
  return { name: entry.name, path: entry.path, tsconfig: tsconfigPath(workspace, entry) };
}

/** The workspace as the JSON outputs describe it. */
export function workspaceSummary(workspace: Workspace) {
  return {
    kind: workspace.kind,
    packages: workspace.packages.map((entry) => ({
      ...projectEntry(workspace, entry),
      analysed: entry.tsconfig !== undefined,
    })),
  };
}

/**
 * A project as the outputs name it: the folder, or the tsconfig when it is not the folder's own
 * `tsconfig.json` (`tsconfig.app.json`, a package's `drizzle-orm/tests/tsconfig.json`).
 */
export function projectPlace(entry: {
  readonly path: string;
  readonly tsconfig: string | null;
}): string {
  const own = entry.path === "." ? "tsconfig.json" : `${entry.path}/tsconfig.json`;
  return entry.tsconfig !== null && entry.tsconfig !== own ? entry.tsconfig : entry.path;
}

/**
 * A project's name and place: `@acme/shop (apps/shop)`, `vite-app (tsconfig.app.json)`; the place
 * alone for a project named after its folder (`runtime-tests/node`).
 */
export function projectLabel(entry: {
  readonly name: string;
  readonly path: string;
  readonly tsconfig: string | null;
}): string {
  const place = projectPlace(entry);
  return entry.name === entry.path ? place : `${entry.name} (${place})`;
}

/** A package's own CLI output, under a heading (human output of a workspace run). */
export function packageHeading(entry: {
  readonly name: string;
  readonly path: string;
  readonly tsconfig: string | null;
}): string {
  return `== ${projectLabel(entry)}\n`;
}

/** `no package of the workspace has features (<every project>)`, the answer when none has any. */
export function noFeatures(
  workspace: Workspace,
  skipped: readonly { readonly entry: WorkspacePackage }[],
): string {
  const places = skipped.map(({ entry }) => projectPlace(projectEntry(workspace, entry)));
  // novu's 38 packages made one line of 900 characters: the first few, the rest counted.
  const named = listText(places, { limit: 8, serialComma: true, empty: "no packages" });
  return `no package of the workspace has features (${named})`;
}
