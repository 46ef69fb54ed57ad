import { readdirSync, statSync } from "node:fs";
import path from "node:path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";

export interface FileExistence {
  (file: string): boolean;
  /** Every entry of a folder (files, folders, links), or undefined where names are not compared
   * exactly (a case-insensitive file system). */
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
    round: number;
    readonly mtimeMs: number;
    readonly files: ReadonlySet<string>;
    readonly names: ReadonlySet<string>;
  }
  const listings = new Map<string, Listing>();
  const listing = (dir: string): Listing => {
    const round = diskRound();
    const known = listings.get(dir);
    if (known?.round === round) return known;
    // Adding, removing or renaming a file changes its folder's mtime: one stat tells whether to re-read.
    const mtimeMs = mtimeOf(dir);
    if (known && known.mtimeMs === mtimeMs) {
      known.round = round;
      return known;
    }
    const files = new Set<string>();
    const names = new Set<string>();
    try {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        names.add(entry.name);
        if (entry.isFile() || (entry.isSymbolicLink() && isFile(path.join(dir, entry.name))))
          files.add(entry.name);
      }
    } catch {
      // A missing or unreadable folder holds no files.
    }
    const fresh = { round, mtimeMs, files, names };
    listings.set(dir, fresh);
    return fresh;
  };
  const caseSensitive = ts.sys.useCaseSensitiveFileNames;
  const exists = caseSensitive
    ? (file: string) => listing(path.dirname(file)).files.has(path.basename(file))
    : (file: string) => ts.sys.fileExists(file);
  return Object.assign(exists, {
    namesIn: (dir: string) => (caseSensitive ? listing(dir).names : undefined),
    clear: () => listings.clear(),
  });
}

/** A file's or folder's mtime, or -1 when it cannot be read. */
export function mtimeOf(file: string): number {
  try {
    // Missing paths are asked about often: no exception (and stack) for them.
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  } catch {
    return -1;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
