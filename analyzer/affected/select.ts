// The conservative closure of a change: from changed code units (or whole modules) through
// every use and every import to the tests that can observe it, with a reason on every edge.
// Ambiguity widens; narrowing happens only where the code proves it safe.
//   classify-changes  what each change is (followable, or a reason to widen)
//   code-units        each file cut into module code and deferred units (and test cases), as
//                     units.ts defines them, with agentix-calls and test-syntax
//   reference-graph   who uses which unit, and how
//   propagate         from the changes to everything that can behave differently
//   select-tests      the tests (down to the case) that can observe it
// result.ts turns the computation into the versioned answer (entities.ts, edges.ts).
import type { Analysis } from "../analyze.js";
import type { BaseIndexLookup } from "./base-index.js";
import type { ProjectFile } from "../project/load-project.js";
import type { FileChange } from "./changes.js";
import { classifyChanges } from "./classify-changes.js";
import { regionAt, type CodeUnit } from "./units.js";
import { fileUnits } from "./code-units.js";
import {
  reverseImports,
  runtimeImportersClosure,
  runtimeImportsClosure,
  type Importers,
} from "./import-graph.js";
import { propagate, type AnalysedFile, type Cause } from "./propagate.js";
import { buildReferenceGraph } from "./reference-graph.js";
import { selectTests, type SelectedTestFile } from "./select-tests.js";
import type { WideningReason } from "./widening.js";

export type { Cause } from "./propagate.js";
export type { SelectedCase, SelectedTestFile } from "./select-tests.js";

/** Targets named on the command line instead of (or besides) changed files. */
export interface NamedTargets {
  /** Operation ids whose declaration is the change. */
  readonly operations?: readonly string[];
}

export interface AffectedComputation {
  readonly widened: readonly WideningReason[];
  readonly affectedFiles: readonly string[];
  readonly affectedUnits: ReadonlyMap<string, Cause>;
  readonly affectedModules: ReadonlyMap<string, Cause>;
  readonly unitById: ReadonlyMap<string, CodeUnit>;
  readonly tests: readonly SelectedTestFile[];
  readonly totalTestFiles: number;
  readonly totalCases: number;
  /** Changed files outside the project that it neither compiles nor runs on. */
  readonly notes: readonly string[];
}

export function computeAffected(
  analysis: Analysis,
  changes: readonly FileChange[],
  targets: NamedTargets = {},
  base?: BaseIndexLookup,
): AffectedComputation {
  const { loaded } = analysis;
  const checker = loaded.program.getTypeChecker();
  const importers = reverseImports(analysis);
  const classified = classifyChanges(analysis, changes, importers, base);
  const operations = (targets.operations ?? []).flatMap((id) =>
    analysis.descriptors.operations.filter((operation) => operation.id === id),
  );

  const changedFiles: ProjectFile[] = [
    ...classified.seeds.map((seed) => seed.file),
    ...classified.importersOfRemoved,
    ...operations.map((operation) => operation.site.file),
  ];
  const files = analysedFiles(analysis, changedFiles, importers);
  const byFileName = new Map(loaded.files.map((file) => [file.fileName, file]));
  const graph = buildReferenceGraph(
    files,
    (fileName) => files.get(byFileName.get(fileName)?.path ?? "")?.units,
    checker,
  );

  const named = operations.flatMap((operation) => {
    const entry = files.get(operation.site.file.path);
    return entry
      ? [
          {
            unit: regionAt(entry.units, operation.call.getStart(operation.site.file.sourceFile))
              .unit,
            reason: "named as a target",
          },
        ]
      : [];
  });
  const propagation = propagate(
    { changed: classified.seeds, wholeModules: classified.importersOfRemoved, units: named },
    files,
    importers,
    graph,
  );
  const selection = selectTests(analysis, files, graph, propagation, classified.widened.length > 0);

  const affectedFiles = new Set<string>([
    ...propagation.modules.keys(),
    ...propagation.typeOnlyFiles,
  ]);
  for (const id of propagation.units.keys()) {
    const file = graph.unitById.get(id)?.file;
    if (file !== undefined) affectedFiles.add(file);
  }
  return {
    widened: classified.widened,
    affectedFiles: [...affectedFiles].sort(),
    affectedUnits: propagation.units,
    affectedModules: propagation.modules,
    unitById: graph.unitById,
    tests: selection.tests,
    totalTestFiles: selection.totalTestFiles,
    totalCases: selection.totalCases,
    notes: classified.notes,
  };
}

/**
 * The files cut into units: only files that (transitively) load a changed file can be affected;
 * the tests among them, and everything those tests load, can share state, so they are cut too.
 */
function analysedFiles(
  analysis: Analysis,
  changedFiles: readonly ProjectFile[],
  importers: Importers,
): Map<string, AnalysedFile> {
  const { roles } = analysis;
  const checker = analysis.loaded.program.getTypeChecker();
  const candidates = runtimeImportersClosure(changedFiles, importers);
  const closure = runtimeImportsClosure(
    [...candidates].filter((file) => roles.isTest(file)),
    analysis,
  );
  for (const file of candidates) closure.add(file);
  const files = new Map<string, AnalysedFile>();
  for (const file of closure) {
    if (!file.declaration)
      files.set(file.path, {
        units: fileUnits(file.sourceFile, file.path, roles.isTest(file), checker),
        sourceFile: file.sourceFile,
        file,
      });
  }
  return files;
}
