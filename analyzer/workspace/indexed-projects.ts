// Which projects `agentix index` (and graph, check and inspect, which answer from the index) work
// on at a workspace root: one per folder with feature folders, since a folder has one
// .agentix/index.json. Of several projects in one folder (tsconfig.build.json and
// tsconfig.spec.json), the one whose tsconfig includes the most files of the feature folders
// (its tests too), the first referenced on a tie; the others are named with the reason. A folder
// without features whose .agentix/index.json is committed (`agentix index` run in the package)
// is indexed too, so that the root keeps that index current and checks it as the package does.
import { existsSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { readProjectJson } from "../../schema/read-project-file.js";
import { INDEX_DIRECTORY, INDEX_FILE_NAME } from "../index-file/write.js";
import { ProjectLoadError } from "../errors.js";
import { readTsconfig } from "../project/tsconfig.js";
import type { Workspace, WorkspacePackage } from "./discover.js";
import { featureFolderTest, hasFeatures } from "./has-features.js";

export interface IndexedProjects {
  readonly indexed: readonly WorkspacePackage[];
  /** Every other project or package, with why it is not indexed. */
  readonly skipped: readonly { readonly entry: WorkspacePackage; readonly reason: string }[];
}

export function indexedProjects(workspace: Workspace): IndexedProjects {
  const indexed: WorkspacePackage[] = [];
  const skipped: { entry: WorkspacePackage; reason: string }[] = [];
  const folders = new Map<string, WorkspacePackage[]>();
  for (const entry of workspace.packages) {
    if (entry.tsconfig === undefined) skipped.push({ entry, reason: "no tsconfig.json" });
    else folders.set(entry.dir, [...(folders.get(entry.dir) ?? []), entry]);
  }
  for (const [dir, projects] of folders) {
    const features = featuresOrBrokenConfig(dir, nestedFolders(workspace, dir));
    const committed = path.join(dir, INDEX_DIRECTORY, INDEX_FILE_NAME);
    if (!features && !existsSync(committed)) {
      for (const entry of projects) skipped.push({ entry, reason: "no features" });
      continue;
    }
    // Without features no project includes more of them: the committed index names its own.
    const chosen =
      projects.length === 1
        ? { entry: projects[0] }
        : features
          ? mostFeatureFiles(dir, projects)
          : { entry: indexedBy(committed, dir, projects) };
    const winner = chosen.entry as WorkspacePackage;
    indexed.push(winner);
    const why = features
      ? "which includes more of the feature folders' files"
      : "which the committed index names";
    for (const entry of projects)
      if (entry !== winner)
        skipped.push({
          entry,
          reason: `its folder's index is ${path.basename(winner.tsconfig as string)}'s, ${why}`,
        });
  }
  const order = new Map(workspace.packages.map((entry, place) => [entry, place]));
  const byOrder = (a: WorkspacePackage, b: WorkspacePackage) =>
    (order.get(a) ?? 0) - (order.get(b) ?? 0);
  return {
    indexed: indexed.sort(byOrder),
    skipped: skipped.sort((a, b) => byOrder(a.entry, b.entry)),
  };
}

/**
 * Whether the folder has feature folders; also true when its agentix.config.json is invalid, so
 * that the folder's own run reports it (`check` lists its problems and fails with 1, as in the
 * package) instead of one broken package stopping the whole workspace.
 */
function featuresOrBrokenConfig(dir: string, skipped: ReadonlySet<string>): boolean {
  try {
    return hasFeatures(dir, skipped);
  } catch (error) {
    if (error instanceof ProjectLoadError && error.code === "config-invalid") return true;
    throw error;
  }
}

/** The folders of the workspace's other projects inside `dir` (the root holds them all). */
function nestedFolders(workspace: Workspace, dir: string): Set<string> {
  return new Set(
    workspace.packages
      .map((entry) => entry.dir)
      .filter((other) => other.startsWith(dir + path.sep)),
  );
}

/** The project a committed index was written from (its `project.tsconfig`), else the first. */
function indexedBy(
  index: string,
  dir: string,
  projects: readonly WorkspacePackage[],
): WorkspacePackage | undefined {
  let tsconfig: unknown;
  try {
    const parsed = readProjectJson(index) as { project?: { tsconfig?: unknown } } | null;
    tsconfig = parsed?.project?.tsconfig;
  } catch {
    // Unreadable or not JSON: `index --check` in that folder says so.
  }
  return (
    projects.find(
      (entry) =>
        entry.tsconfig !== undefined && toPosix(path.relative(dir, entry.tsconfig)) === tsconfig,
    ) ?? projects[0]
  );
}

function mostFeatureFiles(
  dir: string,
  projects: readonly WorkspacePackage[],
): { entry: WorkspacePackage | undefined } {
  const inFeature = featureFolderTest(dir);
  let best: { entry: WorkspacePackage | undefined; count: number } = {
    entry: undefined,
    count: -1,
  };
  for (const entry of projects) {
    let count = 0;
    try {
      const { parsed } = readTsconfig(entry.tsconfig as string, dir, dir);
      count = parsed.fileNames.filter((file) => inFeature(path.resolve(file))).length;
    } catch {
      // Unparseable: its own load says why; it includes nothing here.
    }
    if (count > best.count) best = { entry, count };
  }
  return best;
}
