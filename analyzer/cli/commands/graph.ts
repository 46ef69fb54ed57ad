import type { ModelIndex } from "../../index-file/model-index.js";
import { compareText } from "../../project/paths.js";
import { FORMAT_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { answerModelIndex, FRESH_FLAG, FRESH_USAGE } from "../answer-index.js";
import { jsonOutput } from "../json-output.js";
import type { Command } from "./command.js";
import { workspaceFor } from "../workspace/workspace-root.js";

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

const EDGE_TEXT: Readonly<Record<GraphEdgeKind, string>> = {
  "depends-on": "depends on",
  imports: "imports (undeclared)",
  defines: "defines",
  effect: "calls",
  emits: "emits",
  preserves: "preserves",
};

export function graphText(graph: GraphResult): string {
  const label = new Map(graph.nodes.map((node) => [node.id, node.label]));
  const lines: string[] = [];
  for (const node of graph.nodes) {
    const outgoing = graph.edges.filter((edge) => edge.from === node.id);
    if (outgoing.length === 0) {
      if (node.kind === "feature") lines.push(`${node.label}`);
      continue;
    }
    const groups = new Map<string, string[]>();
    for (const edge of outgoing) {
      const key = edge.kind === "effect" ? `calls` : EDGE_TEXT[edge.kind];
      const target = `${label.get(edge.to) ?? edge.to}${edge.kind === "effect" && edge.label ? ` [${edge.label}]` : ""}`;
      groups.set(key, [...(groups.get(key) ?? []), target]);
    }
    for (const [kind, targets] of groups)
      lines.push(`${node.label} -> ${kind}: ${targets.join(", ")}`);
  }
  // An empty line said nothing (a project without feature folders).
  if (lines.length === 0) lines.push("no features");
  return `${lines.join("\n")}\n`;
}

function quote(text: string): string {
  return `"${text.replace(/\\/gu, "\\\\").replace(/"/gu, '\\"')}"`;
}

const DOT_SHAPE: Readonly<Record<GraphNodeKind, string>> = {
  feature: "box",
  operation: "ellipse",
  "port-operation": "component",
  event: "note",
  invariant: "diamond",
};

export function graphDot(graph: GraphResult): string {
  const lines = ["digraph agentix {", "  rankdir=LR;", '  node [fontname="Helvetica"];'];
  for (const node of graph.nodes)
    lines.push(`  ${quote(node.id)} [label=${quote(node.label)}, shape=${DOT_SHAPE[node.kind]}];`);
  for (const edge of graph.edges) {
    const attributes: string[] = [];
    if (edge.kind !== "depends-on")
      attributes.push(`label=${quote(edge.label ? `${edge.kind}: ${edge.label}` : edge.kind)}`);
    if (edge.kind === "imports") attributes.push("style=dashed", "color=red");
    lines.push(
      `  ${quote(edge.from)} -> ${quote(edge.to)}${attributes.length > 0 ? ` [${attributes.join(", ")}]` : ""};`,
    );
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

const MERMAID_SHAPE: Readonly<Record<GraphNodeKind, [string, string]>> = {
  feature: ["[", "]"],
  operation: ["([", "])"],
  "port-operation": ["[[", "]]"],
  event: [">", "]"],
  invariant: ["{", "}"],
};

export function graphMermaid(graph: GraphResult): string {
  const ids = new Map(graph.nodes.map((node, index) => [node.id, `n${index}`]));
  const escape = (text: string) => text.replace(/"/gu, "#quot;");
  const lines = ["flowchart LR"];
  for (const node of graph.nodes) {
    const [open, close] = MERMAID_SHAPE[node.kind];
    lines.push(`  ${ids.get(node.id)}${open}"${escape(node.label)}"${close}`);
  }
  for (const edge of graph.edges) {
    const label =
      edge.kind === "depends-on"
        ? ""
        : `|${escape(edge.label ? `${edge.kind}: ${edge.label}` : edge.kind)}|`;
    const arrow = edge.kind === "imports" ? "-.->" : "-->";
    lines.push(`  ${ids.get(edge.from)} ${arrow}${label} ${ids.get(edge.to)}`);
  }
  return `${lines.join("\n")}\n`;
}

export const graphCommand: Command = {
  name: "graph",
  summary: "feature dependencies and consumers (text, json, dot, mermaid)",
  usage: `Usage: agentix graph [<feature>] [--format text|json|dot|mermaid] [--json [--compact]] [--fresh] [--project <tsconfig>] [--root <dir>]

Shows the features and their declared dependencies; imports of a feature that is not
declared show as "imports (undeclared)". With a feature name: that feature, the features
it depends on and those that consume it, its operations and what they call, emit and
preserve. Answers from .agentix/index.json when it is provably fresh (see \`agentix index\`),
else analyses the project.

Options:
  --format <format>    text (default), json (schema/cli-graph.v1.schema.json), dot (Graphviz)
                       or mermaid
  --json               the same as --format json
  --compact            with json: one line
${FRESH_USAGE}
  -p, --project <file> the tsconfig.json to analyse (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 shown, 2 bad invocation or unknown feature, 3 internal error.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "graph",
      args,
      { ...FORMAT_FLAGS, ...FRESH_FLAG },
      1,
    );
    const { format, compact } = jsonFlags("graph", values, {
      allowed: ["text", "json", "dot", "mermaid"],
      compact: ["json"],
    });
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined)
      return (await import("../workspace/workspace-graph.js")).graphWorkspace(
        graphCommand,
        workspace,
        args,
        { format, compact, feature: positionals[0] ?? null },
        io,
      );
    const index = await answerModelIndex(values, io);
    const feature = positionals[0] ?? null;
    if (feature !== null && !index.features.some((f) => f.id === feature)) {
      throw new UsageError(
        `no feature "${feature}" (features: ${index.features.map((f) => f.id).join(", ") || "(none)"})`,
        "graph",
      );
    }
    const graph = buildGraph(index, feature);
    if (format === "json") io.stdout(jsonOutput(graph, compact));
    else if (format === "dot") io.stdout(graphDot(graph));
    else if (format === "mermaid") io.stdout(graphMermaid(graph));
    else io.stdout(graphText(graph));
    return EXIT.ok;
  },
};
