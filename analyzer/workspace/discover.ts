// The projects of a workspace root: the packages npm and yarn `workspaces` in package.json or
// pnpm's pnpm-workspace.yaml name, the projects a solution-style tsconfig.json references (in
// sub-folders and in the root folder itself, each by the tsconfig file it names), and the root's
// own tsconfig.json when it names files. A project is a tsconfig: one folder may hold several.
// Package names map to folders here, so packages link to each other without node_modules.
import { existsSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { compareText } from "../project/paths.js";
import { solutionProjects, tsconfigShape } from "../project/solution-tsconfig.js";
import { packageEntries, type PackageEntries } from "../project/package-exports.js";
import { packageFolders, readManifest } from "../project/workspace-folders.js";
import { testsOutside } from "./stray-tests.js";

export type WorkspaceKind = "npm" | "pnpm" | "tsconfig-references";

export interface WorkspacePackage {
  /**
   * The package.json `name` of its folder, or the folder for a project without one ("." for the
   * root folder). The projects of one folder share it.
   */
  readonly name: string;
  /** The folder, relative to the workspace root, POSIX; "." for the root folder itself. */
  readonly path: string;
  /** Absolute folder. */
  readonly dir: string;
  /**
   * Absolute tsconfig of this project (a package's tsconfig.json, or the file a solution's
   * reference names); undefined when the package has none (it is not analysed).
   */
  readonly tsconfig: string | undefined;
  /**
   * What its import specifiers load: the package.json `exports` as written, or, for a package
   * without `exports` (any file of it can be imported), its entry fields (see PackageEntries).
   */
  readonly entries: PackageEntries;
  /**
   * Why a package with a tsconfig is not analysed after all (it includes no source files: a
   * tooling package of JavaScript or JSON), in the words of a note.
   */
  readonly unanalysedBecause?: string;
}

export interface Workspace {
  /** Absolute workspace root. */
  readonly root: string;
  readonly kind: WorkspaceKind;
  /**
   * Its projects, sorted by path, then in reference order within a folder: each package (a
   * package whose tsconfig.json is a solution stands for the projects it references), each
   * project a solution tsconfig.json references (in the root folder too), and the root's own
   * tsconfig.json when it names files.
   */
  readonly packages: readonly WorkspacePackage[];
  /**
   * What the answers should say of the workspace's declaration: two package folders with one
   * name (gql.tada's examples; pnpm installs them all the same), an import of which links to both.
   */
  readonly notes: readonly string[];
}

/** The workspace `root` declares, or undefined when it is a single project. */
export function discoverWorkspace(root: string): Workspace | undefined {
  const rootTsconfig = path.join(root, "tsconfig.json");
  const rootShape = tsconfigShape(rootTsconfig);
  const declared = packageFolders(root);
  let kind: WorkspaceKind;
  let folders: string[];
  if (declared !== undefined) ({ kind, folders } = declared);
  else if (rootShape?.solution !== undefined) {
    kind = "tsconfig-references";
    folders = [];
  } else return undefined;
  const projects = new Map<string, WorkspacePackage>();
  const unanalysed: WorkspacePackage[] = [];
  const addProjects = (tsconfig: string) => {
    for (const file of solutionProjects(tsconfig)) {
      const folder = toPosix(path.relative(root, path.dirname(file))) || ".";
      if (folder.startsWith("..") || projects.has(file)) continue;
      // A reference to a tsconfig that does not exist leaves its folder unanalysed, said as such.
      if (existsSync(file)) projects.set(file, workspaceProject(root, folder, file));
      else unanalysed.push(workspaceProject(root, folder, undefined));
    }
  };
  for (const folder of folders) {
    const tsconfig = path.join(root, folder, "tsconfig.json");
    if (existsSync(tsconfig)) addProjects(tsconfig);
    else unanalysed.push(workspaceProject(root, folder, undefined));
  }
  // The root's own projects: a solution's references, or its tsconfig.json when it names files
  // (one that only sets options for packages to extend is not a project of its own), or when it
  // names none, so TypeScript compiles everything below it, and a package has no tsconfig of its
  // own (xstate's packages/core: its tests were seen by no project), there is no package at
  // all (clipanion: the root is the library, its workspaces a docs folder without package.json)
  // or tests lie outside every package (their only project is the root's).
  const rootNames = tsconfigShape(rootTsconfig, { namesFiles: true });
  if (
    rootShape?.solution !== undefined ||
    rootNames?.namesFiles === true ||
    (rootNames?.includesAll === true &&
      (unanalysed.length > 0 ||
        projects.size === 0 ||
        testsOutside(
          root,
          [...projects.values()].map((entry) => entry.dir),
        ).length > 0))
  )
    addProjects(rootTsconfig);
  const analysedFolders = new Set([...projects.values()].map((entry) => entry.path));
  const packages = [
    ...projects.values(),
    ...unanalysed.filter((entry) => !analysedFolders.has(entry.path)),
  ].sort((a, b) => compareText(a.path, b.path));
  return { root, kind, packages, notes: sharedNames(packages) };
}

/** A note for each name that more than one package folder declares. */
function sharedNames(packages: readonly WorkspacePackage[]): string[] {
  const folders = new Map<string, string[]>();
  for (const entry of packages) {
    const known = folders.get(entry.name) ?? [];
    if (!known.includes(entry.path)) folders.set(entry.name, [...known, entry.path]);
  }
  return [...folders]
    .filter(([, paths]) => paths.length > 1)
    .map(
      ([name, paths]) =>
        `${paths.length} workspace packages are named ${name} (${paths.join(", ")}): an import of ${name} counts as importing each of them`,
    );
}

/** A root-relative path inside a project's folder ("." is the root folder). */
export function pathIn(entry: Pick<WorkspacePackage, "path">, file: string): string {
  return entry.path === "." ? file : `${entry.path}/${file}`;
}

/** Whether a root-relative path is inside the project's folder (any path is inside "."). */
export function isInside(entry: Pick<WorkspacePackage, "path">, file: string): boolean {
  return entry.path === "." ? !file.startsWith("../") : file.startsWith(`${entry.path}/`);
}

/** The tsconfig of a project, relative to the workspace root; null for a package without one. */
export function tsconfigPath(workspace: Workspace, entry: WorkspacePackage): string | null {
  return entry.tsconfig === undefined
    ? null
    : toPosix(path.relative(workspace.root, entry.tsconfig));
}

function workspaceProject(
  root: string,
  folder: string,
  tsconfig: string | undefined,
): WorkspacePackage {
  const dir = folder === "." ? root : path.join(root, folder);
  const manifest = readManifest(path.join(dir, "package.json"));
  return {
    name: typeof manifest?.["name"] === "string" ? manifest["name"] : folder,
    path: folder,
    dir,
    tsconfig,
    entries: packageEntries(manifest),
  };
}
