// The feature graph as text, Graphviz dot and Mermaid (the workspace diagram reuses the dot and
// Mermaid statements, cli/workspace/workspace-diagram.ts).
import type { GraphEdgeKind, GraphNodeKind, GraphResult } from "./graph-model.js";

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

/** A Graphviz ID: quoted, backslashes and quotes escaped. */
export function dotQuote(text: string): string {
  return `"${text.replace(/\\/gu, "\\\\").replace(/"/gu, '\\"')}"`;
}

const DOT_SHAPE: Readonly<Record<GraphNodeKind, string>> = {
  feature: "box",
  operation: "ellipse",
  "port-operation": "component",
  event: "note",
  invariant: "diamond",
};

/** A graph's nodes and edges as Graphviz statements, each node's ID made by `id` (unquoted). */
export function dotStatements(
  graph: GraphResult,
  id: (node: string) => string = (node) => node,
): string[] {
  const lines: string[] = [];
  for (const node of graph.nodes)
    lines.push(
      `${dotQuote(id(node.id))} [label=${dotQuote(node.label)}, shape=${DOT_SHAPE[node.kind]}];`,
    );
  for (const edge of graph.edges) {
    const attributes: string[] = [];
    if (edge.kind !== "depends-on")
      attributes.push(`label=${dotQuote(edge.label ? `${edge.kind}: ${edge.label}` : edge.kind)}`);
    if (edge.kind === "imports") attributes.push("style=dashed", "color=red");
    lines.push(
      `${dotQuote(id(edge.from))} -> ${dotQuote(id(edge.to))}${attributes.length > 0 ? ` [${attributes.join(", ")}]` : ""};`,
    );
  }
  return lines;
}

/** The opening lines of every Graphviz document agentix prints. */
export const DOT_HEAD = ["digraph agentix {", "  rankdir=LR;", '  node [fontname="Helvetica"];'];

export function graphDot(graph: GraphResult): string {
  const lines = [...DOT_HEAD, ...dotStatements(graph).map((line) => `  ${line}`), "}"];
  return `${lines.join("\n")}\n`;
}

const MERMAID_SHAPE: Readonly<Record<GraphNodeKind, [string, string]>> = {
  feature: ["[", "]"],
  operation: ["([", "])"],
  "port-operation": ["[[", "]]"],
  event: [">", "]"],
  invariant: ["{", "}"],
};

/** A Mermaid label: its quotes written as entities. */
export function mermaidText(text: string): string {
  return text.replace(/"/gu, "#quot;");
}

/**
 * A graph's nodes and edges as Mermaid flowchart statements; node `index` of the graph gets the
 * ID `${prefix}n${index}`.
 */
export function mermaidStatements(graph: GraphResult, prefix = ""): string[] {
  const ids = new Map(graph.nodes.map((node, index) => [node.id, `${prefix}n${index}`]));
  const lines: string[] = [];
  for (const node of graph.nodes) {
    const [open, close] = MERMAID_SHAPE[node.kind];
    lines.push(`${ids.get(node.id)}${open}"${mermaidText(node.label)}"${close}`);
  }
  for (const edge of graph.edges) {
    const label =
      edge.kind === "depends-on"
        ? ""
        : `|${mermaidText(edge.label ? `${edge.kind}: ${edge.label}` : edge.kind)}|`;
    const arrow = edge.kind === "imports" ? "-.->" : "-->";
    lines.push(`${ids.get(edge.from)} ${arrow}${label} ${ids.get(edge.to)}`);
  }
  return lines;
}

export function graphMermaid(graph: GraphResult): string {
  const lines = ["flowchart LR", ...mermaidStatements(graph).map((line) => `  ${line}`)];
  return `${lines.join("\n")}\n`;
}
