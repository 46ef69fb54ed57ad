// The feature graph `agentix graph` answers (schema/cli-graph.v1.schema.json), built from an index.
import type { ModelIndex } from "../../index-file/model-index.js";
import { compareText } from "../../project/paths.js";

export const GRAPH_RESULT_SCHEMA_VERSION = 1;

export type GraphNodeKind = "feature" | "operation" | "port-operation" | "event" | "invariant";
export type GraphEdgeKind = "depends-on" | "imports" | "defines" | "effect" | "emits" | "preserves";

export interface GraphNode {
  readonly id: string;
  readonly kind: GraphNodeKind;
  readonly label: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: GraphEdgeKind;
  /** The effect kind for `effect` edges, `undeclared` for imports without a declared dependency. */
  readonly label: string | null;
}

export interface GraphResult {
  readonly schemaVersion: typeof GRAPH_RESULT_SCHEMA_VERSION;
  readonly command: "graph";
  /** The feature the graph is centred on, or null for the whole application. */
  readonly feature: string | null;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

const nodeKey = (kind: GraphNodeKind, id: string) => `${kind}:${id}`;

/**
 * The feature graph: every feature, its declared dependencies (`depends-on`) and imports of
 * features it does not declare (`imports`, labelled undeclared). Centred on one feature, it also
 * shows that feature's operations, the port operations they call, the events they emit and the
 * invariants they preserve, plus the features it depends on and those that consume it.
 */
export function buildGraph(index: ModelIndex, featureId: string | null): GraphResult {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const addNode = (kind: GraphNodeKind, id: string, label = id) => {
    const key = nodeKey(kind, id);
    if (!nodes.has(key)) nodes.set(key, { id: key, kind, label });
    return key;
  };
  const addEdge = (from: string, to: string, kind: GraphEdgeKind, label: string | null = null) => {
    edges.set(`${from}\0${to}\0${kind}`, { from, to, kind, label });
  };
  const features =
    featureId === null ? index.features : index.features.filter((f) => f.id === featureId);
  const featureIds = new Set(index.features.map((f) => f.id));
  const featureEdges = (feature: (typeof index.features)[number]) => {
    const from = addNode("feature", feature.id);
    for (const dependency of feature.dependencies.declared)
      addEdge(from, addNode("feature", dependency), "depends-on");
    for (const imported of feature.dependencies.imported) {
      if (!feature.dependencies.declared.includes(imported))
        addEdge(from, addNode("feature", imported), "imports", "undeclared");
    }
  };
  for (const feature of features) featureEdges(feature);
  if (featureId !== null) {
    const feature = features[0]!;
    for (const consumer of feature.consumers) {
      const consumerEntry = index.features.find((f) => f.id === consumer);
      const from = addNode("feature", consumer);
      if (consumerEntry?.dependencies.declared.includes(feature.id))
        addEdge(from, nodeKey("feature", feature.id), "depends-on");
      else if (consumerEntry?.dependencies.imported.includes(feature.id))
        addEdge(from, nodeKey("feature", feature.id), "imports", "undeclared");
    }
    const self = nodeKey("feature", feature.id);
    for (const id of feature.operations) {
      const operation = index.operations.find((o) => o.id === id)!;
      const op = addNode("operation", id, `${id} (${operation.kind})`);
      addEdge(self, op, "defines");
      for (const effect of operation.effects)
        addEdge(op, addNode("port-operation", effect.operation), "effect", effect.kind);
      for (const emit of operation.emits) addEdge(op, addNode("event", emit.event), "emits");
      for (const invariant of operation.invariants)
        addEdge(op, addNode("invariant", invariant), "preserves");
    }
  } else {
    for (const id of featureIds) addNode("feature", id);
  }
  const sortedNodes = [...nodes.values()].sort((a, b) => compareText(a.id, b.id));
  const sortedEdges = [...edges.values()].sort(
    (a, b) => compareText(a.from, b.from) || compareText(a.to, b.to) || compareText(a.kind, b.kind),
  );
  return {
    schemaVersion: GRAPH_RESULT_SCHEMA_VERSION,
    command: "graph",
    feature: featureId,
    nodes: sortedNodes,
    edges: sortedEdges,
  };
}
