// The packages of a workspace root: npm and yarn `workspaces` in package.json, pnpm's
// pnpm-workspace.yaml, or a solution-style tsconfig.json whose references name other folders.
// Package names map to folders here, so packages link to each other without node_modules.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";
import { ProjectLoadError } from "../errors.js";
import { compareText } from "../project/paths.js";
import { createRequire } from "node:module";
import { walkProject } from "../project/walk.js";
import { parsePnpmWorkspace } from "./pnpm-workspace.js";

export type WorkspaceKind = "npm" | "pnpm" | "tsconfig-references";

export interface WorkspacePackage {
  /** The package.json `name`, or the folder for a referenced project without one. */
  readonly name: string;
  /** The folder, relative to the workspace root, POSIX. */
  readonly path: string;
  /** Absolute folder. */
  readonly dir: string;
  /** Absolute tsconfig.json of the package; undefined when it has none (it is not analysed). */
  readonly tsconfig: string | undefined;
  /** The package.json `exports` (or a `{ ".": main/types }` made from those fields), if any. */
  readonly exports: unknown;
}

export interface Workspace {
  /** Absolute workspace root. */
  readonly root: string;
  readonly kind: WorkspaceKind;
  /** Sorted by path. */
  readonly packages: readonly WorkspacePackage[];
}

/** The workspace `root` declares, or undefined when it is a single package. */
export function discoverWorkspace(root: string): Workspace | undefined {
  const manifest = readManifest(path.join(root, "package.json"));
  const pnpmFile = path.join(root, "pnpm-workspace.yaml");
  let kind: WorkspaceKind;
  let folders: string[];
  if (existsSync(pnpmFile)) {
    kind = "pnpm";
    folders = matchFolders(
      root,
      parsePnpmWorkspace(readFileSync(pnpmFile, "utf8"), "pnpm-workspace.yaml"),
    );
  } else if (manifest?.["workspaces"] !== undefined) {
    kind = "npm";
    folders = matchFolders(root, workspaceGlobs(manifest["workspaces"]));
  } else {
    const referenced = referencedFolders(root);
    if (referenced === undefined) return undefined;
    kind = "tsconfig-references";
    folders = referenced;
  }
  const packages = folders
    .map((folder) => workspacePackage(root, folder, kind))
    .filter((entry): entry is WorkspacePackage => entry !== undefined)
    .sort((a, b) => compareText(a.path, b.path));
  const seen = new Map<string, string>();
  for (const entry of packages) {
    const other = seen.get(entry.name);
    if (other !== undefined)
      throw new ProjectLoadError(
        "config-invalid",
        `two workspace packages are named ${entry.name}: ${other} and ${entry.path}`,
        `${entry.path}/package.json`,
      );
    seen.set(entry.name, entry.path);
  }
  return { root, kind, packages };
}

type Manifest = Record<string, unknown>;

function readManifest(file: string): Manifest | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ProjectLoadError(
      "config-invalid",
      `${file} is not valid JSON: ${(error as Error).message}`,
      file,
    );
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
  const include = globs.filter((glob) => !glob.startsWith("!")).map(folderGlob);
  const exclude = globs
    .filter((glob) => glob.startsWith("!"))
    .map((glob) => folderGlob(glob.slice(1)));
  if (include.length === 0) return [];
  const included = picomatch(include);
  const excluded = exclude.length > 0 ? picomatch(exclude) : () => false;
  const manifests = walkProject(root, (file) => path.basename(file) === "package.json").files;
  return manifests
    .map((file) => toPosix(path.relative(root, path.dirname(file))))
    .filter((folder) => folder !== "" && included(folder) && !excluded(folder));
}

function folderGlob(glob: string): string {
  return glob.replace(/^\.\//, "").replace(/\/+$/, "");
}

/** The sub-folders a solution-style tsconfig.json (no files of its own) references. */
function referencedFolders(root: string): string[] | undefined {
  const file = path.join(root, "tsconfig.json");
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  // Most roots are one project: read their tsconfig without loading TypeScript (graph, check
  // and inspect answer from a fresh index without it).
  if (!/"references"\s*:/u.test(text)) return undefined;
  const ts = createRequire(import.meta.url)("typescript") as typeof import("typescript");
  const { config } = ts.parseConfigFileTextToJson(file, text);
  const record = (config ?? {}) as Record<string, unknown>;
  const references = record["references"];
  const files = record["files"];
  const include = record["include"];
  const solution =
    Array.isArray(references) &&
    references.length > 0 &&
    Array.isArray(files) &&
    files.length === 0 &&
    (include === undefined || (Array.isArray(include) && include.length === 0));
  if (!solution) return undefined;
  const folders = new Set<string>();
  for (const reference of references as unknown[]) {
    const target = (reference as { path?: unknown } | null)?.path;
    if (typeof target !== "string") continue;
    const absolute = path.resolve(root, target);
    const folder = isFile(absolute) ? path.dirname(absolute) : absolute;
    const relative = toPosix(path.relative(root, folder));
    if (relative !== "" && !relative.startsWith("..")) folders.add(relative);
  }
  return folders.size > 0 ? [...folders] : undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function workspacePackage(
  root: string,
  folder: string,
  kind: WorkspaceKind,
): WorkspacePackage | undefined {
  const dir = path.join(root, folder);
  const manifest = readManifest(path.join(dir, "package.json"));
  if (manifest === undefined && kind !== "tsconfig-references") return undefined;
  const name = typeof manifest?.["name"] === "string" ? manifest["name"] : folder;
  const tsconfig = path.join(dir, "tsconfig.json");
  return {
    name,
    path: folder,
    dir,
    tsconfig: existsSync(tsconfig) ? tsconfig : undefined,
    exports: manifest ? exportsOf(manifest) : undefined,
  };
}

/** `exports`, else the entry `types`/`main`/`module` name (what a bare import of the package loads). */
function exportsOf(manifest: Manifest): unknown {
  if (manifest["exports"] !== undefined) return manifest["exports"];
  const entries = ["types", "typings", "module", "main"]
    .map((field) => manifest[field])
    .filter((value): value is string => typeof value === "string");
  return entries.length > 0 ? { ".": entries } : undefined;
}
