// The folders a package specifier is looked for in: Node and TypeScript search the node_modules
// of every folder from the importer's up to the file system's root. Asked by the module
// resolver (which folders resolve bare specifiers alike) and the linked-package resolver (which
// node_modules holds a package first).
import path from "node:path";
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";
import { folderEntries } from "../../../schema/folder-listings.js";

export interface NodeModulesHolders {
  /** The folders at or above `dir` that may hold node_modules, nearest first. */
  (dir: string): readonly string[];
  clear(): void;
}

/**
 * NodeModulesHolders, read once per folder and disk round (a node_modules created during an
 * editor session is seen in the next round).
 */
export function createNodeModulesHolders(): NodeModulesHolders {
  let round = -1;
  const holders = new Map<string, readonly string[]>();
  const holdersOf = (dir: string): readonly string[] => {
    let found = holders.get(dir);
    if (found === undefined) {
      const parent = path.dirname(dir);
      const above = parent === dir ? [] : holdersOf(parent);
      // A folder without node_modules (most, and a linted folder's listing is read anyway)
      // costs no `stat` per package name.
      found = mayHoldNodeModules(dir) ? [dir, ...above] : above;
      holders.set(dir, found);
    }
    return found;
  };
  return Object.assign(
    (dir: string) => {
      const now = diskRound();
      if (now !== round) {
        holders.clear();
        round = now;
      }
      return holdersOf(dir);
    },
    { clear: () => holders.clear() },
  );
}

/** Whether `dir` may hold node_modules: by its listing where names compare exactly. */
function mayHoldNodeModules(dir: string): boolean {
  if (!ts.sys.useCaseSensitiveFileNames) return true;
  // A folder that cannot be listed may hold one.
  return folderEntries(dir)?.some((entry) => entry.name === "node_modules") ?? true;
}
