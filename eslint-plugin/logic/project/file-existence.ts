import { readdirSync, statSync } from "node:fs";
import path from "node:path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");

/** A folder's listing is trusted for this long (ms): an editor creates files slower than this. */
export const LISTING_RECHECK_MS = 1000;

export interface FileExistence {
  (file: string): boolean;
  clear(): void;
}

/**
 * Whether a file exists, answered from one listing per folder instead of one `stat` per
 * question: linting a project asks about the same few folders thousands of times. On a case-insensitive file system names are compared as the system
 * compares them, so every question goes to `stat` there. A listing is trusted for LISTING_RECHECK_MS,
 * then kept for as long as its folder's mtime stays the same.
 */
export function createFileExistence(): FileExistence {
  const listings = new Map<
    string,
    { at: number; readonly mtimeMs: number; readonly files: ReadonlySet<string> }
  >();
  const listing = (dir: string): ReadonlySet<string> => {
    const now = Date.now();
    const known = listings.get(dir);
    if (known && now - known.at < LISTING_RECHECK_MS) return known.files;
    // Adding, removing or renaming a file changes its folder's mtime: one stat tells whether to re-read.
    const mtimeMs = mtimeOf(dir);
    if (known && known.mtimeMs === mtimeMs) {
      known.at = now;
      return known.files;
    }
    const files = new Set<string>();
    try {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isFile() || (entry.isSymbolicLink() && isFile(path.join(dir, entry.name))))
          files.add(entry.name);
      }
    } catch {
      // A missing or unreadable folder holds no files.
    }
    listings.set(dir, { at: now, mtimeMs, files });
    return files;
  };
  const exists = ts.sys.useCaseSensitiveFileNames
    ? (file: string) => listing(path.dirname(file)).has(path.basename(file))
    : (file: string) => ts.sys.fileExists(file);
  return Object.assign(exists, { clear: () => listings.clear() });
}

/** A file's or folder's mtime, or -1 when it cannot be read. */
export function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
