// One answer from several analyses of one root: a project and the tsconfigs inside it that own
// tests its own tsconfig leaves out (drizzle-orm's tests/tsconfig.json). Each analysis counts only
// its own tests (AffectedScope), so the answers add up without counting a test twice.
import type { AffectedResult } from "./result.js";

/** `extra`'s widenings, entities, edges and tests added to `main`'s (both of the same changes). */
export function mergeResults(main: AffectedResult, extra: AffectedResult): AffectedResult {
  const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();
  const entities = Object.fromEntries(
    (Object.keys(main.affected) as (keyof AffectedResult["affected"])[]).map((kind) => [
      kind,
      union(main.affected[kind], extra.affected[kind]),
    ]),
  ) as unknown as AffectedResult["affected"];
  const files = [...main.tests.files, ...extra.tests.files].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
  const key = (value: object) => JSON.stringify(value);
  const widenedKeys = new Set(main.widened.map(key));
  const edgeKeys = new Set(main.edges.map(key));
  return {
    ...main,
    widened: [...main.widened, ...extra.widened.filter((reason) => !widenedKeys.has(key(reason)))],
    affected: entities,
    edges: [...main.edges, ...extra.edges.filter((edge) => !edgeKeys.has(key(edge)))],
    tests: {
      selected: {
        files: main.tests.selected.files + extra.tests.selected.files,
        cases: main.tests.selected.cases + extra.tests.selected.cases,
      },
      total: {
        files: main.tests.total.files + extra.tests.total.files,
        cases: main.tests.total.cases + extra.tests.total.cases,
      },
      files,
    },
    notes: [...new Set([...main.notes, ...extra.notes])],
  };
}
