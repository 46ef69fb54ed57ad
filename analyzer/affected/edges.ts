// The edges of the affected answer, one per step from the change outwards, each with a reason
// a person can read ("declared effect", "public contract consumer", ...).
import type { Entity } from "./entity.js";
import type { AffectedComputation, Cause } from "./select.js";

export interface AffectedEdge {
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

interface EdgeContext {
  readonly computation: AffectedComputation;
  readonly entities: ReadonlyMap<string, readonly Entity[]>;
}

/** Every step of the propagation as an edge, in causal order. */
export function affectedEdges(
  computation: AffectedComputation,
  entities: ReadonlyMap<string, readonly Entity[]>,
): AffectedEdge[] {
  const context: EdgeContext = { computation, entities };
  const label = (id: string) => unitLabel(context, id);
  const edges = new Map<string, AffectedEdge>();
  const addEdge = (from: string, to: string, reason: string) => {
    if (from === to) return;
    edges.set(`${from}\0${to}`, { from, to, reason });
  };
  for (const [id, why] of computation.affectedUnits) {
    if (why.reason === "module code of its file changed") continue; // implied by the module's own edge
    if (why.from === null) addEdge("change", label(id), why.reason);
    else addEdge(label(why.from), label(id), edgeReason(context, why.from, id, why));
  }
  for (const [file, why] of computation.affectedModules) {
    if (why.from === null) addEdge("change", `file ${file}`, why.reason);
    else addEdge(label(why.from), `file ${file}`, edgeReason(context, why.from, file, why));
  }
  for (const [test, changed] of computation.typeTests)
    addEdge(`file ${changed}`, `file ${test}`, "type test of its imports");
  return causalOrder([...edges.values()]);
}

/** A unit as the answer names it: its entity, its test, or its declaration. */
export function unitLabel({ computation, entities }: EdgeContext, id: string): string {
  const unit = computation.unitById.get(id);
  if (unit === undefined || unit.kind === "module") return `file ${id}`;
  const named = entities.get(id)?.[0];
  if (named !== undefined) return `${named.kind} ${named.id}`;
  if (unit.kind === "test-case") return `test ${unit.file}:${unit.line}`;
  if (unit.kind === "test-hook") return `${unit.name} ${unit.file}:${unit.line}`;
  return `${unit.file}#${unit.name}`;
}

function featureOfUnit({ computation }: EdgeContext, id: string): string | null {
  const unit = computation.unitById.get(id);
  return unit ? (computation.facts.file(unit.file)?.feature ?? null) : null;
}

/** Why `to` is affected because of `from`, in the words of the answer. */
function edgeReason(context: EdgeContext, from: string, to: string, why: Cause): string {
  if (why.reason.startsWith("imports ")) return importReason(context, from, to);
  if (why.reason.startsWith("loads ")) return "loads the module";
  if (why.reason.endsWith(" runs before it (test setup)")) return "runs first (test setup)";
  if (why.reason.startsWith("called while") || why.reason.startsWith("loaded while"))
    return "runs while the module loads";
  if (why.reason === "module code of its file changed") return "in a module whose code changed";
  const { computation, entities } = context;
  const source = entities.get(from)?.[0];
  const target = computation.unitById.get(to);
  const user = entities.get(to)?.[0];
  if (
    /^(testCommand|testQuery|replayTrace|checkOperation)\(/.test(why.reason) &&
    source?.kind === "operation"
  )
    return "declared operation test";
  if (/^(assertInvariant|checkInvariant)\(/.test(why.reason) && source?.kind === "invariant")
    return "invariant test";
  if (why.reason.startsWith("adapterContract(") && source?.kind === "port")
    return "port contract test";
  if (target?.kind === "test-case" || target?.kind === "test-hook") return "test uses it";
  const fromFile = computation.unitById.get(from)?.file;
  if (
    fromFile !== undefined &&
    computation.facts.file(fromFile)?.role === "contract" &&
    featureOfUnit(context, from) !== featureOfUnit(context, to) &&
    featureOfUnit(context, to) !== null
  )
    return "public contract consumer";
  return entityReason(source, user);
}

/** An import edge: a consumer of another feature's contract, or a plain import. */
function importReason({ computation }: EdgeContext, from: string, to: string): string {
  const { facts } = computation;
  const fromFile = facts.file(from);
  const toFile = facts.file(to) ?? facts.file(computation.unitById.get(to)?.file ?? "");
  const fromFeature = fromFile?.feature ?? undefined;
  const toFeature = toFile?.feature ?? undefined;
  const contract = fromFile !== undefined && fromFile.role === "contract";
  return contract && toFeature !== undefined && toFeature !== fromFeature
    ? "public contract consumer"
    : "imports";
}

/** What one entity is to the entity that uses it. */
function entityReason(source: Entity | undefined, user: Entity | undefined): string {
  if (source?.kind === "port" && user?.kind === "adapter") return "port implementation";
  if (source?.kind === "port" && user?.kind === "operation") return "declared effect";
  if (source?.kind === "event" && user?.kind === "operation") return "emits";
  if (source?.kind === "invariant" && user?.kind === "operation") return "preserves invariant";
  if (source?.kind === "operation" && user?.kind === "feature") return "feature operation";
  if (source?.kind === "feature" && user?.kind === "application") return "assembles the feature";
  return "uses";
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
