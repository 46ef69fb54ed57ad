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
import type { BaseIndexLookup } from "./base-index.js";
import type { FileChange } from "./changes.js";
import { classifyChanges } from "./classify-changes.js";
import type { AffectedFacts, FactFile } from "./facts.js";
import { regionAt, type CodeUnit } from "./units.js";
import { testsTypeChecked } from "./type-checking-runner.js";
import { observableChanges } from "./comment-lines.js";
import {
  reverseImports,
  runtimeImportersClosure,
  runtimeImportsClosure,
  typeTestsReaching,
  type Importers,
} from "./import-graph.js";
import { isTypeTest } from "../project/type-test-name.js";
import { propagate, type AnalysedFile, type Cause } from "./propagate.js";
import { assembleGraph } from "./assemble-graph.js";
import { borrowedCases } from "./borrowed-cases.js";
import { selectTests, type ChangedElsewhere, type SelectedTestFile } from "./select-tests.js";
import type { WideningReason } from "./widening.js";
import { withLinkedCopies } from "./linked-copies.js";

export type { Cause } from "./propagate.js";
export type { SelectedCase, SelectedTestFile } from "./select-tests.js";

/** Targets named on the command line instead of (or besides) changed files. */
export interface NamedTargets {
  /** Operation ids whose declaration is the change. */
  readonly operations?: readonly string[];
}

export interface AffectedComputation {
  /** What it was computed from (the answer names entities and files from it). */
  readonly facts: AffectedFacts;
  readonly widened: readonly WideningReason[];
  readonly affectedFiles: readonly string[];
  readonly affectedUnits: ReadonlyMap<string, Cause>;
  readonly affectedModules: ReadonlyMap<string, Cause>;
  /** Type tests selected for their imports' types alone (`*.test-d.ts`): the changed file each reaches. */
  readonly typeTests: ReadonlyMap<string, string>;
  readonly unitById: ReadonlyMap<string, CodeUnit>;
  readonly tests: readonly SelectedTestFile[];
  readonly totalTestFiles: number;
  readonly totalCases: number;
  /** Changed files outside the project that it neither compiles nor runs on. */
  readonly notes: readonly string[];
}

/** How a caller narrows what counts: a workspace counts a test once, for its deepest project. */
export interface AffectedScope {
  /** Whether the test file (project-relative) is this project's to count and select. */
  readonly countsTest?: (path: string) => boolean;
  /**
   * Widenings another analysis of the same root found for the same changes (the project's, for a
   * tsconfig inside it that owns tests it leaves out): one answer widens as a whole.
   */
  readonly widenedBy?: readonly WideningReason[];
  /** Files the tests of another analysis of the same root load (classify-changes.ts). */
  readonly testedElsewhere?: (file: string) => boolean;
  /** What another analysis of the same root saw change (select-tests.ts). */
  readonly changedElsewhere?: ChangedElsewhere;
}

/** The closure of `changes` (live-facts.ts: computeAffected, on an analysis). */
export function computeAffectedFrom(
  facts: AffectedFacts,
  changes: readonly FileChange[],
  targets: NamedTargets = {},
  base?: BaseIndexLookup,
  scope: AffectedScope = {},
): AffectedComputation {
  const importers = reverseImports(facts);
  // A change to comment lines alone is none (it is still listed among the changes).
  const observable = observableChanges(facts, withLinkedCopies(facts, changes), importers);
  const classified = classifyChanges(facts, observable, importers, base, scope.testedElsewhere);
  const widened = [
    ...classified.widened,
    ...(scope.widenedBy ?? []).filter(
      (reason) =>
        !classified.widened.some(
          (known) => known.code === reason.code && known.path === reason.path,
        ),
    ),
  ];
  const operations = (targets.operations ?? []).flatMap((id) =>
    facts.operations.filter((operation) => operation.id === id),
  );

  const wholeModules = [
    ...classified.importersOfRemoved.map((file) => ({ file, reason: "imported a removed file" })),
    ...classified.unknownLoaders,
  ];
  const changedFiles: string[] = [
    ...classified.seeds.map((seed) => seed.file.path),
    ...wholeModules.map((entry) => entry.file.path),
    ...operations.map((operation) => operation.file),
  ];
  const files = analysedFiles(facts, changedFiles, importers);
  const graph = assembleGraph(files, facts.uses);

  const named = operations.flatMap((operation) => {
    const entry = files.get(operation.file);
    return entry
      ? [{ unit: regionAt(entry.units, operation.callStart).unit, reason: "named as a target" }]
      : [];
  });
  const propagation = propagate(
    { changed: classified.seeds, wholeModules, units: named },
    files,
    importers,
    graph,
    facts.source,
  );
  const selection = selectTests(
    facts,
    files,
    graph,
    propagation,
    widened.length > 0,
    scope.countsTest,
    typeTestsOf(facts, importers, [
      ...changedFiles,
      ...propagation.typeOnlyFiles,
      ...propagation.modules.keys(),
    ]),
    scope.changedElsewhere,
    borrowedCases(facts, files, propagation, importers),
  );

  return {
    facts,
    widened,
    affectedFiles: filesOf(propagation, graph, selection.typeTests),
    affectedUnits: propagation.units,
    affectedModules: propagation.modules,
    typeTests: selection.typeTests,
    unitById: graph.unitById,
    tests: selection.tests,
    totalTestFiles: selection.totalTestFiles,
    totalCases: selection.totalCases,
    notes: classified.notes,
  };
}

/** Every file with something affected: modules, units' files, type-only changes, type tests. */
function filesOf(
  propagation: ReturnType<typeof propagate>,
  graph: ReturnType<typeof assembleGraph>,
  typeTests: ReadonlyMap<string, string>,
): string[] {
  const affectedFiles = new Set<string>([
    ...propagation.modules.keys(),
    ...propagation.typeOnlyFiles,
    ...typeTests.keys(),
  ]);
  for (const id of propagation.units.keys()) {
    const file = graph.unitById.get(id)?.file;
    if (file !== undefined) affectedFiles.add(file);
  }
  return [...affectedFiles].sort();
}

/**
 * The type tests the changed files reach through any import (none asked when there are none):
 * Vitest's by name, and every test of a project whose runner type-checks them (ts-jest).
 */
function typeTestsOf(
  facts: AffectedFacts,
  importers: Importers,
  touched: readonly string[],
): Map<string, string> | undefined {
  const checked = testsTypeChecked(facts.root);
  const isChecked = (file: string) =>
    isTypeTest(file) || (checked && facts.file(file)?.test === true);
  return facts.files.some((file) => file.test && isChecked(file.path))
    ? typeTestsReaching(touched, importers, isChecked)
    : undefined;
}

/**
 * The files cut into units: only files that (transitively) load a changed file can be affected;
 * the tests among them, and everything those tests load, can share state, so they are cut too.
 */
function analysedFiles(
  facts: AffectedFacts,
  changedFiles: readonly string[],
  importers: Importers,
): Map<string, AnalysedFile> {
  const candidates = runtimeImportersClosure(changedFiles, importers);
  const closure = runtimeImportsClosure(
    [...candidates].filter((file) => facts.file(file)?.test === true),
    facts,
  );
  for (const file of candidates) closure.add(file);
  const files = new Map<string, AnalysedFile>();
  for (const path of closure) {
    const file = facts.file(path) as FactFile;
    if (!file.declaration) files.set(path, { units: facts.units(path), file });
  }
  return files;
}
