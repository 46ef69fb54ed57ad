import { lstatSync, readdirSync, statSync, type Dirent, type Stats } from "node:fs";
import path from "node:path";
import { diskRound } from "./disk-rounds.js";

/** What one folder was seen to hold, as of its mtime. */
interface FolderFacts {
  /** The disk round in which the mtime was last looked at. */
  round: number;
  /** The folder's mtime, or -1 when it cannot be read. */
  readonly mtimeMs: number;
  /** Its entries, once read for this mtime (adding, removing or renaming one changes it). */
  entries: readonly Dirent[] | undefined;
  /**
   * The folder exists but its entries could not be read (no read permission): `entries` is
   * empty, yet a file in it may still be looked at by name.
   */
  unlisted?: true;
}

const folders = new Map<string, FolderFacts>();

/**
 * The paths this module asks the disk about while `trace` is set, in order: what a test counts
 * (a lint's disk work is its cost, and timing it in a test would be flaky).
 */
export const diskReads: {
  trace: Array<readonly ["stat" | "lstat" | "readdir", string]> | undefined;
  /**
   * Folders to refuse to list as a folder without read permission refuses (tests run as root,
   * who may list anything, and share loaded modules, so node:fs cannot be mocked for them).
   */
  refuseListing: ((dir: string) => boolean) | undefined;
} = {
  trace: undefined,
  refuseListing: undefined,
};

function factsOf(dir: string): FolderFacts {
  const round = diskRound();
  const known = folders.get(dir);
  if (known?.round === round) return known;
  const mtimeMs = mtimeOf(dir);
  if (known && known.mtimeMs === mtimeMs) {
    known.round = round;
    return known;
  }
  const fresh = { round, mtimeMs, entries: undefined };
  folders.set(dir, fresh);
  return fresh;
}

/**
 * A folder's mtime (-1 when it cannot be read), looked at once per disk round
 * (schema/disk-rounds.ts) whoever asks: the configuration's project markers, the feature-folder
 * walk and the plugin's file listings each kept their own before, and a lint run paid two or
 * three `stat`s per folder per round.
 */
export function folderStamp(dir: string): number {
  return factsOf(dir).mtimeMs;
}

/**
 * A folder's entries as of this disk round (read again when its mtime changed): none for a
 * missing folder, undefined for one that exists but cannot be listed (no read permission), whose
 * files can still be looked at by name.
 */
export function folderEntries(dir: string): readonly Dirent[] | undefined {
  const facts = factsOf(dir);
  if (facts.entries === undefined) {
    diskReads.trace?.push(["readdir", dir]);
    try {
      if (diskReads.refuseListing?.(dir)) throw new Error(`EACCES: permission denied, ${dir}`);
      facts.entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      facts.entries = []; // A missing or unreadable folder holds nothing anyone can read.
      if (facts.mtimeMs !== -1) facts.unlisted = true;
    }
  }
  return facts.unlisted ? undefined : facts.entries;
}

/**
 * A value derived from a folder as of its mtime (looked at once per disk round), kept in `cache`
 * until the mtime changes: the facts object it is keyed by is replaced then. `entries` are the
 * folder's entries when someone has read them for this mtime (never for a folder that exists but
 * cannot be listed: its files are looked at by name).
 */
export function derivedFromFolder<T>(
  dir: string,
  cache: WeakMap<object, T>,
  derive: (mtimeMs: number, entries: readonly Dirent[] | undefined) => T,
): T {
  const facts = factsOf(dir);
  let value = cache.get(facts);
  if (value === undefined) {
    value = derive(facts.mtimeMs, facts.unlisted ? undefined : facts.entries);
    cache.set(facts, value);
  }
  return value;
}

/** Folders that, by their name, hold no source a project's imports name: installs and build output. */
const NOT_SOURCE = new Set(["node_modules", "dist", "build", "out", "coverage"]);

/**
 * Reads the entries of the folders at and below `root` into the listings of this disk round,
 * at most `limit` folders; returns the folders read. Only what may hold the project's source is
 * entered: not a symbolic link, a dot-folder (.git, .next, .turbo) or NOT_SOURCE (a folder left
 * out is read when asked, as before). Asked one by one between two files' parses, with the
 * caches cold, each read costs several times what it costs in one pass; every reader of listings
 * finds them here.
 */
export function listFolderTree(root: string, limit: number): string[] {
  const pending = [root];
  const listed: string[] = [];
  for (let dir = pending.pop(); dir !== undefined && listed.length < limit; dir = pending.pop()) {
    listed.push(dir);
    for (const entry of folderEntries(dir) ?? [])
      if (entry.isDirectory() && !entry.name.startsWith(".") && !NOT_SOURCE.has(entry.name))
        pending.push(path.join(dir, entry.name));
  }
  return listed;
}

/** Whether a folder's entry is a file or a link to one. */
export function entryIsFile(dir: string, entry: Dirent): boolean {
  return entry.isFile() || (entry.isSymbolicLink() && isFile(path.join(dir, entry.name)));
}

/** Whether a path is a file (following links); false when it cannot be looked at. */
export function isFile(file: string): boolean {
  return statOrUndefined(file)?.isFile() ?? false;
}

/** Forgets every folder's facts (for tests and long-lived processes). */
export function clearFolderListings(): void {
  folders.clear();
}

/** A file's or folder's mtime, or -1 when it cannot be read. */
export function mtimeOf(file: string): number {
  return statOrUndefined(file)?.mtimeMs ?? -1;
}

/** A path's stats, or undefined when it is missing or cannot be looked at (without throwing: asked often). */
export function statOrUndefined(file: string): Stats | undefined {
  return statsOf("stat", file);
}

/** A path's own stats (a link's, not its target's), or undefined when it is missing or cannot be looked at. */
export function lstatOrUndefined(file: string): Stats | undefined {
  return statsOf("lstat", file);
}

function statsOf(kind: "stat" | "lstat", file: string): Stats | undefined {
  diskReads.trace?.push([kind, file]);
  try {
    // Missing paths are asked about often: no exception (and stack) for them.
    return (kind === "stat" ? statSync : lstatSync)(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
