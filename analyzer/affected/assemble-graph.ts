// The reference graph over the files a change can reach, assembled from the uses each file
// holds (reference-graph.ts finds them with the checker; a fresh index has them recorded).
import type { RecordedUse } from "./facts.js";
import type { ReferenceGraph, Use } from "./reference-graph.js";
import type { CodeUnit, FileUnits } from "./units.js";

/**
 * Builds the graph over the given files, in their order (the first cause found wins, so the order
 * is part of the answer). Uses of units outside them are ignored: only files in the reverse
 * import closure of a change can be affected, so only they are ever looked at.
 */
export function assembleGraph(
  files: ReadonlyMap<string, { readonly units: FileUnits }>,
  usesIn: (file: string, within: (file: string) => FileUnits | undefined) => readonly RecordedUse[],
): ReferenceGraph {
  const usesOf = new Map<string, Use[]>();
  const namedBy = new Map<string, Set<string>>();
  const unitById = new Map<string, CodeUnit>();
  for (const { units } of files.values())
    for (const unit of units.units) unitById.set(unit.id, unit);
  const within = (file: string) => files.get(file)?.units;
  for (const file of files.keys()) {
    for (const use of usesIn(file, within)) {
      const by = unitById.get(use.by);
      if (by === undefined || use.target === use.by || within(use.targetFile) === undefined)
        continue;
      let list = usesOf.get(use.target);
      if (list === undefined) usesOf.set(use.target, (list = []));
      list.push({ by, kind: use.kind, eager: use.eager, line: use.line, testCall: use.testCall });
      let named = namedBy.get(use.by);
      if (named === undefined) namedBy.set(use.by, (named = new Set()));
      named.add(use.target);
    }
  }
  return { usesOf, namedBy, unitById };
}
