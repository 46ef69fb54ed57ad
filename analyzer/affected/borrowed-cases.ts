// Test cases a test file runs by loading other test code: `it(...)` at the top of a shared suite
// (test/shared-suite.ts, which no runner runs itself) or of another test file it imports a fixture
// from. The runner registers them in the importing file's run, so a change that reaches one of
// them runs every test file loading that code, whole: a line filter on the importer cannot name
// a case written in another file. (A change reaching `it("shared one")` selected the suite alone,
// which no runner runs: "none can observe this change", and a.test.ts failed: helper-34 repro-3.)
import type { AffectedFacts } from "./facts.js";
import { runtimeImportersClosure, type Importers } from "./import-graph.js";
import type { AnalysedFile, Propagation } from "./propagate.js";

/**
 * The test files that load, at any depth, test code whose affected cases run in them: each with
 * that code's path (the first found, for the reason).
 */
export function borrowedCases(
  facts: AffectedFacts,
  files: ReadonlyMap<string, AnalysedFile>,
  propagation: Propagation,
  importers: Importers,
): Map<string, string> {
  const borrowers = new Map<string, string>();
  for (const [path, entry] of files) {
    if (facts.file(path)?.test !== true || !hasAffectedCase(entry, propagation)) continue;
    for (const importer of runtimeImportersClosure([path], importers))
      if (importer !== path && facts.file(importer)?.test === true && !borrowers.has(importer))
        borrowers.set(importer, path);
  }
  return borrowers;
}

/** Whether a case of the file (its body, or a hook it runs with) is affected. */
function hasAffectedCase(entry: AnalysedFile, propagation: Propagation): boolean {
  return entry.units.testCases.some(
    (testCase) =>
      propagation.units.has(testCase.unit.id) ||
      testCase.hooks.some((hook) => propagation.units.has(hook.id)),
  );
}
