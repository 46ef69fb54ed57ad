// `agentix graph --format dot|mermaid` at a workspace root: one diagram, a box (cluster or
// subgraph) per package holding the package itself and its projects' feature graphs, and an
// edge per package that imports another, labelled with how many imports make it.
import { compareText } from "../../project/paths.js";
import type { WorkspacePackage } from "../../workspace/discover.js";
import type { GraphResult } from "../graph/graph-model.js";
import {
  DOT_HEAD,
  dotQuote,
  dotStatements,
  mermaidStatements,
  mermaidText,
} from "../graph/graph-render.js";

/** One package of the diagram: its folder, its name, and the graphs of its projects with features. */
export interface DiagramPackage {
  /** Relative to the workspace root (`apps/shop`; `.` for the root package). */
  readonly path: string;
  readonly name: string;
  readonly graphs: readonly { readonly tsconfig: string | null; readonly graph: GraphResult }[];
}

/** One import of a package by another, by name (several per pair: one per file and specifier). */
export interface DiagramLink {
  readonly from: string;
  readonly to: string;
}

/** The package-to-package edges: each pair once, with its count, to every folder of the name. */
function packageEdges(
  packages: readonly DiagramPackage[],
  links: readonly DiagramLink[],
): { from: string; to: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const link of links) {
    const key = `${link.from}\0${link.to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const edges: { from: string; to: string; label: string }[] = [];
  for (const [key, count] of counts) {
    const [from, to] = key.split("\0") as [string, string];
    for (const source of packages.filter((entry) => entry.name === from))
      for (const target of packages.filter((entry) => entry.name === to))
        edges.push({
          from: source.path,
          to: target.path,
          label: `${count} import${count === 1 ? "" : "s"}`,
        });
  }
  return edges.sort((a, b) => compareText(a.from, b.from) || compareText(a.to, b.to));
}

/** `@acme/shop (apps/shop)`. */
function boxLabel(entry: DiagramPackage): string {
  return `${entry.name} (${entry.path})`;
}

/** A node ID of one project's graph, unique across the workspace. */
function projectNode(entry: DiagramPackage, tsconfig: string | null, node: string): string {
  return `${entry.path}${tsconfig === null ? "" : `#${tsconfig}`}#${node}`;
}

export function workspaceDot(
  packages: readonly DiagramPackage[],
  links: readonly DiagramLink[],
): string {
  const lines = [...DOT_HEAD];
  for (const [index, entry] of packages.entries()) {
    lines.push(
      `  subgraph ${dotQuote(`cluster_${index}`)} {`,
      `    label=${dotQuote(boxLabel(entry))};`,
      '    fontname="Helvetica";',
    );
    lines.push(`    ${dotQuote(entry.path)} [label=${dotQuote(entry.name)}, shape=folder];`);
    for (const { tsconfig, graph } of entry.graphs)
      for (const line of dotStatements(graph, (node) => projectNode(entry, tsconfig, node)))
        lines.push(`    ${line}`);
    lines.push("  }");
  }
  for (const edge of packageEdges(packages, links))
    lines.push(
      `  ${dotQuote(edge.from)} -> ${dotQuote(edge.to)} [label=${dotQuote(edge.label)}, style=bold];`,
    );
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

export function workspaceMermaid(
  packages: readonly DiagramPackage[],
  links: readonly DiagramLink[],
): string {
  const lines = ["flowchart LR"];
  const ids = new Map(packages.map((entry, index) => [entry.path, `p${index}`]));
  for (const [index, entry] of packages.entries()) {
    const id = `p${index}`;
    lines.push(`  subgraph ${id}box["${mermaidText(boxLabel(entry))}"]`);
    lines.push(`    ${id}[/"${mermaidText(entry.name)}"\\]`);
    for (const [project, { graph }] of entry.graphs.entries())
      for (const line of mermaidStatements(graph, `${id}g${project}`)) lines.push(`    ${line}`);
    lines.push("  end");
  }
  for (const edge of packageEdges(packages, links))
    lines.push(`  ${ids.get(edge.from)} ==>|${mermaidText(edge.label)}| ${ids.get(edge.to)}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The diagram of the analysed `packages` (each folder a box once, whatever its projects), with
 * the graphs of their projects that have features, by folder.
 */
export function workspaceDiagram(
  format: "dot" | "mermaid",
  packages: readonly WorkspacePackage[],
  graphs: ReadonlyMap<string, DiagramPackage["graphs"]>,
  links: readonly DiagramLink[],
): string {
  const boxes: DiagramPackage[] = [];
  for (const entry of packages)
    if (!boxes.some((box) => box.path === entry.path))
      boxes.push({ path: entry.path, name: entry.name, graphs: graphs.get(entry.path) ?? [] });
  return (format === "dot" ? workspaceDot : workspaceMermaid)(boxes, links);
}
