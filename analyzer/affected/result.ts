// The versioned result of `agentix affected`: the closure as entities (features, operations,
// ports, adapters, events, invariants, files), an edge with a reason for each step, and the
// tests to run down to the case.
import type { Analysis } from "../analyze.js";
import type { FileChange } from "./changes.js";
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
  readonly affected: {
    readonly files: readonly string[];
    readonly features: readonly string[];
    readonly operations: readonly string[];
    readonly ports: readonly string[];
    readonly adapters: readonly string[];
    readonly events: readonly string[];
    readonly invariants: readonly string[];
  };
  readonly edges: readonly AffectedEdge[];
  readonly tests: {
    readonly selected: { readonly files: number; readonly cases: number };
    readonly total: { readonly files: number; readonly cases: number };
    readonly files: readonly AffectedTestFile[];
  };
  readonly notes: readonly string[];
}

export function affectedResult(
  analysis: Analysis,
  computation: AffectedComputation,
  input: {
    readonly since: string | null;
    readonly targets: readonly string[];
    readonly changes: readonly FileChange[];
  },
): AffectedResult {
  const entities = entitiesByUnit(analysis, computation.unitById);
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
      computation.widened.length > 0
        ? everything(analysis)
        : affectedEntities(analysis, computation, entities),
    edges: affectedEdges(analysis, computation, entities),
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
  analysis: Analysis,
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
    const projectFile = analysis.loaded.files.find((candidate) => candidate.path === file);
    const feature = projectFile ? analysis.roles.featureOf(projectFile) : undefined;
    if (feature) features.add(feature.id);
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

/** A widened answer: every file and entity of the project. */
function everything({ loaded, roles, descriptors }: Analysis): AffectedEntities {
  const project = <T extends { origin: string }>(models: readonly T[]) =>
    models.filter((m) => m.origin === "project");
  return {
    files: loaded.files.filter((file) => !file.declaration).map((file) => file.path),
    features: sorted(
      descriptors.features.map((m) => roles.featureOf(m.site.file)?.id ?? ""),
    ).filter(Boolean),
    operations: sorted(descriptors.operations.map((m) => m.id)),
    ports: sorted(project(descriptors.ports).map((m) => m.id)),
    adapters: sorted(
      project(descriptors.adapters).map((m) => `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`),
    ),
    events: sorted(descriptors.events.map((m) => m.id)),
    invariants: sorted(descriptors.invariants.map((m) => m.id)),
  };
}
