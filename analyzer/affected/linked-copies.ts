// Files the analysis holds under a second path through a symbolic link (`loans/bm.ts ->
// ../books/model.ts`, a linked folder `loans/booksdir -> ../books`): TypeScript keeps the path an
// import names, so the program had both paths, and an importer of the link no edge to the file
// git reports as changed (helper-27 repro-24: the test loading the link failed while affected
// selected nothing). The program now resolves through the links its listings met to real paths
// (project/project-links.ts); a copy remains under `preserveSymlinks`, or through a link in a
// folder no listing read. A change to the file is a change to each of its linked copies.
import { realpathSync } from "node:fs";
import path from "node:path";
import { relativeToRoot } from "../project/paths.js";
import type { AffectedFacts, LinkedCopy } from "./facts.js";
import type { FileChange } from "./changes.js";

/**
 * The analysed files (absolute names, root-relative paths) whose real path is another file
 * inside the root, sorted by copy. A file that cannot be resolved is left alone.
 */
export function linkedCopiesOf(
  root: string,
  files: readonly { readonly fileName: string; readonly path: string }[],
): LinkedCopy[] {
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root);
  } catch {
    return [];
  }
  const copies: LinkedCopy[] = [];
  for (const file of files) {
    let real: string;
    try {
      real = realpathSync.native(file.fileName);
    } catch {
      continue;
    }
    if (real === path.resolve(file.fileName)) continue;
    const relative = relativeToRoot(realRoot, real);
    if (relative !== undefined && relative !== file.path)
      copies.push({ file: relative, copy: file.path });
  }
  return copies.sort((a, b) => (a.copy < b.copy ? -1 : a.copy > b.copy ? 1 : 0));
}

/** `changes` and, for each changed file with linked copies, the same change to every copy. */
export function withLinkedCopies(
  facts: Pick<AffectedFacts, "linkedCopies">,
  changes: readonly FileChange[],
): readonly FileChange[] {
  if (facts.linkedCopies.length === 0) return changes;
  const changed = new Set(changes.map((change) => change.path));
  const copies: FileChange[] = [];
  for (const change of changes)
    for (const { file, copy } of facts.linkedCopies)
      if (file === change.path && !changed.has(copy)) {
        changed.add(copy);
        // Its lines changed alike; a file added or renamed there is new to the copy as a whole.
        copies.push(
          change.status === "modified"
            ? { ...change, path: copy }
            : { path: copy, status: "modified" },
        );
      }
  return copies.length === 0 ? changes : [...changes, ...copies];
}
