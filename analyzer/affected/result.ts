// The versioned result of `agentix affected`: the closure as entities (features, operations,
// ports, adapters, events, invariants, files), an edge with a reason for each step, and the
// tests to run down to the case.
import type { FileChange } from "./changes.js";
import type { AllEntities } from "./facts.js";
import { affectedEdges, type AffectedEdge } from "./edges.js";
import { entitiesByUnit, type Entity, type EntityKind } from "./entities.js";
import type { AffectedComputation } from "./select.js";
import type { WideningReason } from "./widening.js";

export type { AffectedEdge };

export const AFFECTED_RESULT_SCHEMA_VERSION = 1;

export interface AffectedTestFile {
  readonly file: string;
  readonly whole: boolean;
  readonly reason: string;
  readonly selected: number;
  readonly total: number;
  readonly cases: readonly {
    readonly line: number;
    readonly name: string;
    readonly reason: string;
  }[];
}

export interface AffectedResult {
  readonly schemaVersion: typeof AFFECTED_RESULT_SCHEMA_VERSION;
  readonly command: "affected";
  /** The git ref changes are taken since, or null for named targets. */
  readonly since: string | null;
  readonly targets: readonly string[];
  readonly changes: readonly {
    readonly path: string;
    readonly status: FileChange["status"];
    readonly oldPath: string | null;
    readonly lines: readonly (readonly [number, number])[] | null;
  }[];
  /** Why everything was selected; empty when the answer is narrow. */
  readonly widened: readonly WideningReason[];
  /** The entities the change reaches (all of them when widened). */
  readonly affected: AllEntities;
  readonly edges: readonly AffectedEdge[];
  readonly tests: {
    readonly selected: { readonly files: number; readonly cases: number };
    readonly total: { readonly files: number; readonly cases: number };
    readonly files: readonly AffectedTestFile[];
  };
  readonly notes: readonly string[];
}

export function affectedResult(
  computation: AffectedComputation,
  input: {
    readonly since: string | null;
    readonly targets: readonly string[];
    readonly changes: readonly FileChange[];
  },
): AffectedResult {
  const { facts } = computation;
  const entities = entitiesByUnit(facts, computation.unitById);
  const testFiles: AffectedTestFile[] = computation.tests.map((test) => ({
    file: test.file,
    whole: test.whole,
    reason: test.reason,
    selected: test.selectedCases,
    total: test.totalCases,
    cases: test.cases,
  }));
  return {
    schemaVersion: AFFECTED_RESULT_SCHEMA_VERSION,
    command: "affected",
    since: input.since,
    targets: input.targets,
    changes: input.changes.map((change) => ({
      path: change.path,
      status: change.status,
      oldPath: change.oldPath ?? null,
      lines: change.lines ?? null,
    })),
    widened: computation.widened,
    affected:
      computation.widened.length > 0 ? facts.everything() : affectedEntities(computation, entities),
    edges: affectedEdges(computation, entities),
    tests: {
      selected: {
        files: testFiles.length,
        cases: testFiles.reduce((sum, file) => sum + file.selected, 0),
      },
      total: { files: computation.totalTestFiles, cases: computation.totalCases },
      files: testFiles,
    },
    notes: [...computation.notes],
  };
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

type AffectedEntities = AffectedResult["affected"];

/** The entities the affected units and modules declare, and the features of affected files. */
function affectedEntities(
  computation: AffectedComputation,
  entities: ReadonlyMap<string, readonly Entity[]>,
): AffectedEntities {
  const found = [...computation.affectedUnits.keys()].flatMap((id) => entities.get(id) ?? []);
  for (const file of computation.affectedModules.keys()) {
    for (const unit of computation.unitById.values())
      if (unit.file === file) found.push(...(entities.get(unit.id) ?? []));
  }
  const idsOf = (kind: EntityKind) =>
    sorted(found.filter((entity) => entity.kind === kind).map((entity) => entity.id));
  const features = new Set<string>([...idsOf("feature"), ...idsOf("contract")]);
  for (const file of computation.affectedFiles) {
    const feature = computation.facts.file(file)?.feature;
    if (feature) features.add(feature);
  }
  return {
    files: computation.affectedFiles,
    features: sorted(features),
    operations: idsOf("operation"),
    ports: idsOf("port"),
    adapters: idsOf("adapter"),
    events: idsOf("event"),
    invariants: idsOf("invariant"),
  };
}
