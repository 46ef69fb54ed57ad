// A folder's entries as TypeScript's file globbing sees them (sys.getAccessibleFileSystemEntries:
// symbolic links followed, other kinds skipped, names sorted), without TypeScript. The analysis
// globs through it (project/directory-log.ts) and the fresh-index check lists the same folders
// again: equal digests mean no file was created, deleted or renamed where the globs looked.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { sha256 } from "./file-stamps.js";

export interface DirectoryEntries {
  readonly files: readonly string[];
  readonly directories: readonly string[];
  /** Which of those are symbolic links (to a file or a folder), when any is. */
  readonly links?: readonly string[];
}

const EMPTY: DirectoryEntries = { files: [], directories: [] };

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The folder's files and subfolders; an unreadable or missing folder has none (as in TypeScript). */
export function listDirectory(dir: string): DirectoryEntries {
  try {
    const files: string[] = [];
    const directories: string[] = [];
    const links: string[] = [];
    for (const entry of readdirSync(dir || ".", { withFileTypes: true })) {
      let kind: { isFile(): boolean; isDirectory(): boolean } = entry;
      if (entry.isSymbolicLink()) {
        try {
          kind = statSync(path.join(dir, entry.name));
        } catch {
          continue; // a dangling link
        }
        links.push(entry.name);
      }
      if (kind.isFile()) files.push(entry.name);
      else if (kind.isDirectory()) directories.push(entry.name);
    }
    const listed = { files: files.sort(byCodeUnit), directories: directories.sort(byCodeUnit) };
    return links.length === 0 ? listed : { ...listed, links };
  } catch {
    return EMPTY;
  }
}

/** agentix's own folder: writing the index must not make the listing of the root differ. */
const OWN_DIRECTORY = ".agentix";

/**
 * One digest of a listing: files and folders apart, so a file replaced by a folder differs.
 * `.agentix` is left out (no glob of TypeScript's or the test search's enters it).
 */
export function listingDigest(entries: DirectoryEntries): string {
  const directories = entries.directories.filter((name) => name !== OWN_DIRECTORY);
  return sha256(
    `${entries.files.map((name) => `f ${name}\n`).join("")}${directories.map((name) => `d ${name}\n`).join("")}`,
  );
}
