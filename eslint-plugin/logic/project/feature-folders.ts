import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { diskRound } from "../../../schema/disk-rounds.js";
import { isInstalled } from "../../../schema/paths.js";
import { AgentixConfigError, loadConfigForFile } from "../../../schema/load-config.js";
import { layoutFor } from "./layout.js";
import {
  clearFolderListings,
  folderEntries,
  folderStamp,
} from "../../../schema/folder-listings.js";
import type { ProjectLayout } from "./layout.js";

/** Beyond this many folders a project is not walked: it is assumed to have feature folders. */
const MAX_FOLDERS = 20_000;

/** Folders a module resolved into the project can never lie in (TypeScript calls them external). */
const SKIPPED = new Set(["node_modules", ".git"]);

interface Absent {
  /** Every folder walked, with its mtime: a folder created below one changes that folder's mtime. */
  readonly folders: ReadonlyMap<string, number>;
  /** The disk round in which the folders' mtimes were last compared. */
  round: number;
}

export interface FeatureFolderPresence {
  /**
   * Whether the project of `layout` may hold a folder that `features.directories` matches. False
   * only when a walk of the project's folders (node_modules and .git aside) found none, no
   * folder is a symbolic link, and no walked folder changed since.
   */
  (layout: ProjectLayout): boolean;
  clear(): void;
}

/**
 * Whether a project has feature folders, from one walk of its folders per layout: a project
 * without any needs no module resolution for imports that are not relative (no file they can
 * resolve to lies in a feature). Another workspace package's features count too when a bare
 * specifier can lead into them: a package linked into node_modules (at the root or above), or a
 * folder outside the root that a `paths` alias of `aliasFolders` names. The answer "none" is
 * re-checked by one `stat` per walked folder once per disk round (schema/disk-rounds.ts), so a
 * feature folder created during an editor session is seen.
 */
export function createFeatureFolderPresence(
  aliasFolders: (layout: ProjectLayout) => readonly string[] = () => [],
): FeatureFolderPresence {
  // Keyed by layout (one per loaded configuration): a changed configuration is walked afresh.
  const absent = new Map<ProjectLayout, Absent>();
  const present = new Set<ProjectLayout>();

  const stillAbsent = (state: Absent, round: number): boolean => {
    if (state.round === round) return true;
    // One stat per folder and round, shared with the configuration's markers (load-config.ts).
    for (const [folder, mtimeMs] of state.folders)
      if (folderStamp(folder) !== mtimeMs) return false;
    state.round = round;
    return true;
  };

  const presence = (layout: ProjectLayout): boolean => {
    if (present.has(layout)) return true;
    const round = diskRound();
    const known = absent.get(layout);
    if (known && stillAbsent(known, round)) return false;
    const folders = walkWithoutFeatures(layout);
    if (folders !== undefined && !withoutForeignFeatures(layout, aliasFolders(layout), folders)) {
      present.add(layout);
      absent.delete(layout);
      return true;
    }
    if (folders === undefined) {
      // Once found, feature folders are assumed for good: the full check is right either way.
      present.add(layout);
      absent.delete(layout);
      return true;
    }
    absent.set(layout, { folders, round });
    return false;
  };
  return Object.assign(presence, {
    clear() {
      absent.clear();
      present.clear();
      clearFolderListings(); // the walk reads the folders afresh
    },
  });
}

/**
 * The project's folders with their mtimes when none is a feature folder; undefined as soon as
 * one is (or a symbolic link to a folder, whose contents a resolved path may name, or too many).
 */
function walkWithoutFeatures(layout: ProjectLayout): Map<string, number> | undefined {
  const root = layout.config.root;
  const folders = new Map<string, number>();
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    folders.set(folder, folderStamp(folder));
    if (folders.size > MAX_FOLDERS) return undefined;
    // Read once for the round: the configuration's markers of these folders come from it too.
    const entries = folderEntries(folder);
    // A folder that exists but cannot be listed may hold one (the resolver finds files there by
    // name); a missing folder lists nothing.
    if (entries === undefined) return undefined;
    for (const entry of entries) {
      // Most entries are files: no path is built for them.
      const link = entry.isSymbolicLink();
      if ((!link && !entry.isDirectory()) || SKIPPED.has(entry.name)) continue;
      const child = path.join(folder, entry.name);
      if (link) {
        if (isFolder(child)) return undefined;
        continue;
      }
      if (layout.isFeatureFolder(child)) return undefined;
      pending.push(child);
    }
  }
  return folders;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether no other package's feature folder is reachable by a bare specifier from `layout`'s
 * project: the packages linked into each node_modules from its root up (symbolic links out of
 * every node_modules: the workspace's packages), and the folders outside the root its `paths`
 * aliases name, each judged by the project holding it. Every folder read is added to `folders`,
 * whose mtimes tell when to ask again (a link created in node_modules changes its folder's).
 */
function withoutForeignFeatures(
  layout: ProjectLayout,
  aliased: readonly string[],
  folders: Map<string, number>,
): boolean {
  const root = layout.config.root;
  const outside: string[] = aliased.filter((dir) => layout.relative(dir) === undefined);
  const linksIn = (dir: string): void => {
    folders.set(dir, folderStamp(dir));
    // A node_modules that cannot be listed shows no links to follow.
    for (const entry of folderEntries(dir) ?? []) {
      // Most entries are installed packages (folders): no path is built for them.
      const link = entry.isSymbolicLink();
      if (!link && !(entry.name.startsWith("@") && entry.isDirectory())) continue;
      const child = inFolder(dir, entry.name);
      if (link) {
        try {
          const real = realpathSync(child);
          if (!isInstalled(real) && inWorkspaceOf(root, real) && isFolder(real)) outside.push(real);
        } catch {
          // A dangling link leads nowhere.
        }
      } else linksIn(child);
    }
  };
  for (let dir = root; ; dir = path.dirname(dir)) {
    linksIn(inFolder(dir, "node_modules"));
    if (path.dirname(dir) === dir) break;
  }
  const walked = new Set<string>([root]);
  for (const dir of outside) {
    let config;
    try {
      config = loadConfigForFile(path.join(dir, "_"));
    } catch (error) {
      if (error instanceof AgentixConfigError) continue; // its own lint says so
      throw error;
    }
    if (walked.has(config.root)) continue;
    walked.add(config.root);
    const theirs = walkWithoutFeatures(layoutFor(config));
    if (theirs === undefined) return false;
    for (const [folder, mtimeMs] of theirs) folders.set(folder, mtimeMs);
  }
  return true;
}

/** `dir`/`name`, joined without normalising (both are already). */
function inFolder(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? `${dir}${name}` : `${dir}${path.sep}${name}`;
}

/**
 * Whether `real`, outside the project at `root`, shares with it a folder (not the file system's
 * root) that holds a package.json: a workspace both belong to, whose packages npm, yarn and pnpm
 * link so. A link to a folder elsewhere (`npm link` of a checkout) is a library, nobody's feature.
 */
function inWorkspaceOf(root: string, real: string): boolean {
  let dir = path.dirname(root);
  while (!real.startsWith(`${dir}${path.sep}`) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  for (; path.dirname(dir) !== dir; dir = path.dirname(dir))
    if (existsSync(path.join(dir, "package.json"))) return true;
  return false;
}
