import type { Dirent } from "node:fs";
import path from "node:path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import {
  clearFolderListings,
  entryIsFile,
  folderEntries,
} from "../../../schema/folder-listings.js";

export interface FileExistence {
  (file: string): boolean;
  /** Every entry of a folder (files, folders, links), or undefined where names are not compared
   * exactly (a case-insensitive file system) or cannot be read (a folder without read permission). */
  namesIn(dir: string): ReadonlySet<string> | undefined;
  clear(): void;
}

/**
 * Whether a file exists, answered from one listing per folder instead of one `stat` per
 * question: linting a project asks about the same few folders thousands of times. On a
 * case-insensitive file system names are compared as the system compares them, so every
 * question goes to `stat` there. A listing is trusted for the disk round (schema/disk-rounds.ts),
 * then kept for as long as its folder's mtime stays the same.
 */
export function createFileExistence(): FileExistence {
  interface Listing {
    /** The folder's entries these sets were made from (schema/folder-listings.ts). */
    readonly entries: readonly Dirent[] | undefined;
    /** Undefined for a folder that exists but cannot be listed: its files are asked by name. */
    readonly files: ReadonlySet<string> | undefined;
    readonly names: ReadonlySet<string> | undefined;
  }
  const listings = new Map<string, Listing>();
  const UNLISTED: Listing = { entries: undefined, files: undefined, names: undefined };
  const listing = (dir: string): Listing => {
    // The entries are read again once the folder's mtime changed, looked at once per disk round.
    const entries = folderEntries(dir);
    // A folder that cannot be listed: its files are asked by name.
    if (entries === undefined) return UNLISTED;
    const known = listings.get(dir);
    if (known?.entries === entries) return known;
    const files = new Set<string>();
    const names = new Set<string>();
    for (const entry of entries) {
      names.add(entry.name);
      if (entryIsFile(dir, entry)) files.add(entry.name);
    }
    const fresh = { entries, files, names };
    listings.set(dir, fresh);
    return fresh;
  };
  const caseSensitive = ts.sys.useCaseSensitiveFileNames;
  const exists = caseSensitive
    ? (file: string) =>
        listing(path.dirname(file)).files?.has(path.basename(file)) ?? ts.sys.fileExists(file)
    : (file: string) => ts.sys.fileExists(file);
  return Object.assign(exists, {
    namesIn: (dir: string) => (caseSensitive ? listing(dir).names : undefined),
    clear: () => {
      listings.clear();
      clearFolderListings();
    },
  });
}
