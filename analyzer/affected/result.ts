// The versioned result of `agentix affected`: the closure as entities (features, operations,
// ports, adapters, events, invariants, files), an edge with a reason for each step, and the
// tests to run down to the case.
import type { Analysis } from "../analyze.js";
import type { Site } from "../extract/model.js";
import type { FileChange } from "./changes.js";
import type { CodeUnit } from "./code-units.js";
import type { AffectedComputation, Why } from "./select.js";
import type { WideningReason } from "./widening.js";

export const AFFECTED_RESULT_SCHEMA_VERSION = 1;

export interface AffectedEdge {
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

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

type EntityKind =
  "feature" | "contract" | "operation" | "port" | "adapter" | "event" | "invariant" | "application";
interface Entity {
  readonly kind: EntityKind;
  readonly id: string;
  readonly feature: string | null;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Names every unit after the agentix entity it declares, when it declares one. */
function entitiesByUnit(
  analysis: Analysis,
  units: ReadonlyMap<string, CodeUnit>,
): Map<string, Entity[]> {
  const byFile = new Map<string, CodeUnit[]>();
  for (const unit of units.values())
    if (unit.kind === "declaration")
      byFile.set(unit.file, [...(byFile.get(unit.file) ?? []), unit]);
  const result = new Map<string, Entity[]>();
  const place = (site: Site | null, entity: Entity) => {
    if (site === null) return;
    // The site is a declaration's statement or a call inside it: either contains the other.
    const start = site.node.getStart(site.file.sourceFile);
    const end = site.node.getEnd();
    for (const unit of byFile.get(site.file.path) ?? []) {
      const unitStart = unit.node.getStart(site.file.sourceFile);
      if (
        (start >= unitStart && start < unit.node.getEnd()) ||
        (unitStart >= start && unit.node.getEnd() <= end)
      ) {
        result.set(unit.id, [...(result.get(unit.id) ?? []), entity]);
        return;
      }
    }
  };
  const featureOf = (site: Site | null) =>
    site === null ? null : (analysis.roles.featureOf(site.file)?.id ?? null);
  const d = analysis.descriptors;
  for (const m of d.operations)
    place(m.site, { kind: "operation", id: m.id, feature: featureOf(m.site) });
  for (const m of d.ports)
    if (m.origin === "project")
      place(m.site, { kind: "port", id: m.id, feature: featureOf(m.site) });
  for (const m of d.events) place(m.site, { kind: "event", id: m.id, feature: featureOf(m.site) });
  for (const m of d.invariants)
    place(m.site, { kind: "invariant", id: m.id, feature: featureOf(m.site) });
  for (const m of d.adapters)
    if (m.origin === "project")
      place(m.site, {
        kind: "adapter",
        id: `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`,
        feature: featureOf(m.site),
      });
  for (const m of d.contracts)
    place(m.site, {
      kind: "contract",
      id: featureOf(m.site) ?? m.id ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.features)
    place(m.site, {
      kind: "feature",
      id: featureOf(m.site) ?? m.declaredId ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.applications)
    place(m.site, { kind: "application", id: m.site.file.path, feature: null });
  return result;
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
  const label = (id: string): string => {
    const unit = computation.unitById.get(id);
    if (unit === undefined || unit.kind === "module") return `file ${id}`;
    const named = entities.get(id)?.[0];
    if (named !== undefined) return `${named.kind} ${named.id}`;
    if (unit.kind === "test-case") return `test ${unit.file}:${unit.line}`;
    if (unit.kind === "test-hook") return `${unit.name} ${unit.file}:${unit.line}`;
    return `${unit.file}#${unit.name}`;
  };
  const featureOfUnit = (id: string): string | null => {
    const unit = computation.unitById.get(id);
    const file = unit
      ? analysis.loaded.files.find((candidate) => candidate.path === unit.file)
      : undefined;
    return file ? (analysis.roles.featureOf(file)?.id ?? null) : null;
  };
  const reasonFor = (from: string, to: string, why: Why): string => {
    const source = entities.get(from)?.[0];
    const target = computation.unitById.get(to);
    const user = entities.get(to)?.[0];
    if (why.reason.startsWith("imports ")) {
      const fromFile = analysis.loaded.files.find((file) => file.path === from);
      const toFile = analysis.loaded.files.find(
        (file) => file.path === to || file.path === computation.unitById.get(to)?.file,
      );
      const fromFeature = fromFile ? analysis.roles.featureOf(fromFile)?.id : undefined;
      const toFeature = toFile ? analysis.roles.featureOf(toFile)?.id : undefined;
      const contract = fromFile !== undefined && analysis.roles.role(fromFile) === "contract";
      return contract && toFeature !== undefined && toFeature !== fromFeature
        ? "public contract consumer"
        : "imports";
    }
    if (why.reason.startsWith("loads ")) return "loads the module";
    if (why.reason.startsWith("called while") || why.reason.startsWith("loaded while"))
      return "runs while the module loads";
    if (why.reason === "module code of its file changed") return "in a module whose code changed";
    if (/^(testCommand|testQuery|replayTrace)\(/.test(why.reason) && source?.kind === "operation")
      return "declared operation test";
    if (why.reason.startsWith("assertInvariant(") && source?.kind === "invariant")
      return "invariant test";
    if (target?.kind === "test-case" || target?.kind === "test-hook") return "test uses it";
    const fromFile = computation.unitById.get(from)?.file;
    const fromRole = fromFile
      ? analysis.loaded.files.find((file) => file.path === fromFile)
      : undefined;
    if (
      fromRole &&
      analysis.roles.role(fromRole) === "contract" &&
      featureOfUnit(from) !== featureOfUnit(to) &&
      featureOfUnit(to) !== null
    )
      return "public contract consumer";
    if (source?.kind === "port" && user?.kind === "adapter") return "port implementation";
    if (source?.kind === "port" && user?.kind === "operation") return "declared effect";
    if (source?.kind === "event" && user?.kind === "operation") return "emits";
    if (source?.kind === "invariant" && user?.kind === "operation") return "preserves invariant";
    if (source?.kind === "operation" && user?.kind === "feature") return "feature operation";
    if (source?.kind === "feature" && user?.kind === "application") return "assembles the feature";
    return "uses";
  };

  const edges = new Map<string, AffectedEdge>();
  const addEdge = (from: string, to: string, reason: string) => {
    if (from === to) return;
    edges.set(`${from}\0${to}`, { from, to, reason });
  };
  for (const [id, why] of computation.affectedUnits) {
    if (why.reason === "module code of its file changed") continue; // implied by the module's own edge
    if (why.from === null) addEdge("change", label(id), why.reason);
    else addEdge(label(why.from), label(id), reasonFor(why.from, id, why));
  }
  for (const [file, why] of computation.affectedModules) {
    if (why.from === null) addEdge("change", `file ${file}`, why.reason);
    else addEdge(label(why.from), `file ${file}`, reasonFor(why.from, file, why));
  }

  const affectedEntities = [...computation.affectedUnits.keys()].flatMap(
    (id) => entities.get(id) ?? [],
  );
  for (const file of computation.affectedModules.keys()) {
    for (const unit of computation.unitById.values())
      if (unit.file === file) affectedEntities.push(...(entities.get(unit.id) ?? []));
  }
  const idsOf = (kind: EntityKind) =>
    sorted(affectedEntities.filter((entity) => entity.kind === kind).map((entity) => entity.id));
  const features = new Set<string>([...idsOf("feature"), ...idsOf("contract")]);
  for (const file of computation.affectedFiles) {
    const projectFile = analysis.loaded.files.find((candidate) => candidate.path === file);
    const feature = projectFile ? analysis.roles.featureOf(projectFile) : undefined;
    if (feature) features.add(feature.id);
  }

  const testFiles: AffectedTestFile[] = computation.tests.map((test) => ({
    file: test.file,
    whole: test.whole,
    reason: test.reason,
    selected: test.whole ? test.totalCases : test.cases.length,
    total: test.totalCases,
    cases: test.cases,
  }));
  const widenedAll = computation.widened.length > 0;
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
    affected: {
      files: widenedAll
        ? analysis.loaded.files.filter((file) => !file.declaration).map((file) => file.path)
        : computation.affectedFiles,
      features: widenedAll
        ? sorted(
            analysis.descriptors.features.map(
              (m) => analysis.roles.featureOf(m.site.file)?.id ?? "",
            ),
          ).filter(Boolean)
        : sorted(features),
      operations: widenedAll
        ? sorted(analysis.descriptors.operations.map((m) => m.id))
        : idsOf("operation"),
      ports: widenedAll
        ? sorted(analysis.descriptors.ports.filter((m) => m.origin === "project").map((m) => m.id))
        : idsOf("port"),
      adapters: widenedAll
        ? sorted(
            analysis.descriptors.adapters
              .filter((m) => m.origin === "project")
              .map((m) => `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`),
          )
        : idsOf("adapter"),
      events: widenedAll ? sorted(analysis.descriptors.events.map((m) => m.id)) : idsOf("event"),
      invariants: widenedAll
        ? sorted(analysis.descriptors.invariants.map((m) => m.id))
        : idsOf("invariant"),
    },
    edges: causalOrder([...edges.values()]),
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

/** Edges in the order a reader follows them: from the change outwards, then by name. */
function causalOrder(edges: AffectedEdge[]): AffectedEdge[] {
  const depth = new Map<string, number>([["change", 0]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const edge of edges) {
      const from = depth.get(edge.from);
      if (from === undefined) continue;
      const to = depth.get(edge.to);
      if (to === undefined || to > from + 1) {
        depth.set(edge.to, from + 1);
        changed = true;
      }
    }
  }
  const level = (node: string) => depth.get(node) ?? Number.MAX_SAFE_INTEGER;
  return edges.sort(
    (a, b) =>
      level(a.from) - level(b.from) || naturalCompare(a.from, b.from) || naturalCompare(a.to, b.to),
  );
}

/** Orders `file:9` before `file:10`; locale-independent, so the output is the same everywhere. */
function naturalCompare(a: string, b: string): number {
  const parts = (value: string) => value.split(/(\d+)/);
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x === y) continue;
    if (index % 2 === 1) return Number(x) - Number(y) || (x < y ? -1 : 1);
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}
