// The package folders a workspace root declares: npm and yarn `workspaces` in package.json, or
// pnpm's pnpm-workspace.yaml. Shared by workspace discovery (workspace/discover.ts) and by the
// tsconfig reader, which follows an `extends` into a workspace package that is not installed.
import { existsSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";
import {
  ProjectFileError,
  readProjectFile,
  readProjectJson,
} from "../../schema/read-project-file.js";
import { ProjectLoadError } from "../errors.js";
import { parsePnpmWorkspace } from "./pnpm-workspace.js";
import { walkProject } from "./walk.js";

/** Whether `dir` declares a workspace (a package.json that is not JSON declares nothing). */
export function declaresWorkspace(dir: string): boolean {
  if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return true;
  try {
    return listsPackages(readManifest(path.join(dir, "package.json"))?.["workspaces"]);
  } catch {
    return false;
  }
}

/**
 * Whether a package.json's `workspaces` declares packages. Yarn's object without `packages`
 * (`{ "nohoist": [...] }`) is a member package's hoisting setting and declares none; anything
 * else is a declaration, read (or refused with its value) by workspaceGlobs.
 */
function listsPackages(workspaces: unknown): boolean {
  if (workspaces === undefined) return false;
  if (typeof workspaces !== "object" || workspaces === null || Array.isArray(workspaces))
    return true;
  return (workspaces as Record<string, unknown>)["packages"] !== undefined;
}

/**
 * The folders (relative, POSIX) of the packages `root` declares, and how; undefined when it
 * declares none.
 */
export function packageFolders(
  root: string,
): { readonly kind: "npm" | "pnpm"; readonly folders: string[] } | undefined {
  const pnpmFile = path.join(root, "pnpm-workspace.yaml");
  if (existsSync(pnpmFile))
    return {
      kind: "pnpm",
      folders: matchFolders(
        root,
        parsePnpmWorkspace(readPnpmWorkspace(pnpmFile), "pnpm-workspace.yaml"),
      ),
    };
  const workspaces = readManifest(path.join(root, "package.json"))?.["workspaces"];
  if (!listsPackages(workspaces)) return undefined;
  return { kind: "npm", folders: matchFolders(root, workspaceGlobs(workspaces)) };
}

/** pnpm-workspace.yaml's text; one that cannot be read (a FIFO, too large) is a ProjectLoadError naming it. */
function readPnpmWorkspace(file: string): string {
  try {
    return readProjectFile(file);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    throw new ProjectLoadError("config-invalid", error.message, file);
  }
}

export type Manifest = Record<string, unknown>;

/**
 * A package.json's object; undefined when there is none or it holds no object. One that cannot
 * be read (not a regular file, too large) or is not JSON is a ProjectLoadError naming it.
 */
export function readManifest(file: string): Manifest | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = readProjectJson(file);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    throw new ProjectLoadError("config-invalid", error.message, file);
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Manifest)
    : undefined;
}

/** npm/yarn: an array of globs, or yarn's `{ packages: [...] }`. */
function workspaceGlobs(value: unknown): string[] {
  const list =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)["packages"]
      : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string"))
    throw new ProjectLoadError(
      "config-invalid",
      `package.json "workspaces" must be an array of folder globs (or { "packages": [...] }), got ${JSON.stringify(value)}`,
      "package.json",
    );
  return list;
}

/** The folders (relative, POSIX) holding a package.json that the globs select; `!glob` excludes. */
function matchFolders(root: string, globs: readonly string[]): string[] {
  // `./` and `.` (gql.tada's pnpm-workspace.yaml) name the root itself, never a folder below it.
  const include = globs
    .filter((glob) => !glob.startsWith("!"))
    .map(folderGlob)
    .filter((glob) => glob !== "");
  const exclude = globs
    .filter((glob) => glob.startsWith("!"))
    .map((glob) => folderGlob(glob.slice(1)))
    .filter((glob) => glob !== "");
  if (include.length === 0) return [];
  const included = picomatch(include);
  const excluded = exclude.length > 0 ? picomatch(exclude) : () => false;
  const manifests = walkProject(root, (file) => path.basename(file) === "package.json").files;
  return manifests
    .map((file) => toPosix(path.relative(root, path.dirname(file))))
    .filter((folder) => folder !== "" && included(folder) && !excluded(folder));
}

function folderGlob(glob: string): string {
  const folder = glob.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
  return folder === "." ? "" : folder;
}
