// A file under node_modules that an install would link to a workspace package, read from the
// package's folder while node_modules are not installed: a tsconfig's `extends` of
// `./node_modules/@vercel/ai-tsconfig/base.json` (vercel/ai) or of turborepo's
// `@repo/typescript-config/base.json`. Without it the options of the whole chain were lost.
import { statSync } from "node:fs";
import path from "node:path";
import { packageFolders, readManifest } from "./workspace-folders.js";
import { NODE_MODULES_SEGMENT } from "../../schema/paths.js";

interface Packages {
  /** The manifests' mtimes when the packages were read: a change reads them again. */
  readonly stamp: string;
  /** Package name -> its folder (absolute); undefined for a folder that declares no workspace. */
  readonly dirs: ReadonlyMap<string, string> | undefined;
}

const byRoot = new Map<string, Packages>();

/**
 * The workspace package's own file `file` (absolute, under a node_modules folder) stands for, or
 * undefined when no workspace above holds a package of that name.
 */
export function linkedWorkspaceFile(file: string): string | undefined {
  const at = file.lastIndexOf(NODE_MODULES_SEGMENT);
  if (at === -1) return undefined;
  const parts = file.slice(at + NODE_MODULES_SEGMENT.length).split(path.sep);
  const nameLength = parts[0]?.startsWith("@") ? 2 : 1;
  if (parts.length <= nameLength) return undefined;
  const dir = workspaceAbove(file.slice(0, at))?.get(parts.slice(0, nameLength).join("/"));
  return dir === undefined ? undefined : path.join(dir, ...parts.slice(nameLength));
}

/** The packages of the nearest workspace root at or above `dir`. */
function workspaceAbove(dir: string): ReadonlyMap<string, string> | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const stamp = manifestStamp(current);
    const packages = stamp === undefined ? undefined : packagesOf(current, stamp);
    if (packages !== undefined) return packages;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The mtimes of a folder's workspace manifests; undefined when it declares no workspace. */
function manifestStamp(dir: string): string | undefined {
  const pnpm = mtimeOf(path.join(dir, "pnpm-workspace.yaml"));
  const manifest = mtimeOf(path.join(dir, "package.json"));
  if (pnpm === undefined && manifest === undefined) return undefined;
  return `${pnpm ?? "-"}:${manifest ?? "-"}`;
}

function packagesOf(root: string, stamp: string): ReadonlyMap<string, string> | undefined {
  const known = byRoot.get(root);
  if (known?.stamp === stamp) return known.dirs;
  let dirs: Map<string, string> | undefined;
  try {
    const declared = packageFolders(root);
    if (declared !== undefined) {
      dirs = new Map();
      for (const folder of declared.folders) {
        const dir = path.join(root, folder);
        const name = readManifest(path.join(dir, "package.json"))?.["name"];
        if (typeof name === "string") dirs.set(name, dir);
      }
    }
  } catch {
    dirs = undefined; // a workspace that cannot be read links nothing
  }
  byRoot.set(root, { stamp, dirs });
  return dirs;
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
