// `agentix graph` at a workspace root: each package's own graph, and which package imports
// which (from each package's index: one edge per importing file and specifier).
import { UsageError } from "../../errors.js";
import { buildGraph } from "../graph/graph-model.js";
import { compareText } from "../../project/paths.js";
import { packageName } from "../../resolve/module-resolution.js";
import { pathIn, type Workspace } from "../../workspace/discover.js";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import { answerIndex } from "../answer-index.js";
import type { Command } from "../commands/command.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { runPerPackage } from "./per-package.js";
import { betweenPackages } from "./between-packages.js";
import { analysedPackages, noFeatures, projectArgs, projectEntry } from "./workspace-project.js";
import { workspaceDiagram, type DiagramPackage } from "./workspace-diagram.js";

export interface PackageLink {
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

/** `graph` is passed in (commands/graph.ts calls this), so the two files import in one direction. */
export async function graphWorkspace(
  graphCommand: Command,
  workspace: Workspace,
  args: readonly string[],
  output: { readonly format: string; readonly compact: boolean; readonly feature: string | null },
  io: CliIO,
): Promise<ExitCode> {
  if (output.feature !== null)
    throw new UsageError(
      "at a workspace root graph shows every package: pass --root <package> to centre on a feature",
      "graph",
    );
  const diagram = output.format === "dot" || output.format === "mermaid";
  const { indexed, skipped } = indexedProjects(workspace);
  if (indexed.length === 0 && output.format === "text") {
    // Nothing to show: analysing every project for its imports alone took 16 s at hono's root.
    io.stdout(`${noFeatures(workspace, skipped)}: nothing to graph\n`);
    return EXIT.ok;
  }
  const packages = analysedPackages(workspace);
  // By name: one name may be several folders' (gql.tada's examples).
  const names = new Set(workspace.packages.map((entry) => entry.name));
  const links: PackageLink[] = [];
  // A diagram's boxes: each package folder's projects with features, as their graphs.
  const graphs = new Map<string, DiagramPackage["graphs"][number][]>();
  const next = betweenPackages(packages.length, io);
  for (const [done, entry] of packages.entries()) {
    next(done);
    // Quiet: the packages shown print their own problems when their graph runs.
    const index = await answerIndex(projectArgs(entry), io, { announce: false });
    if (diagram) {
      const projects = graphs.get(entry.path) ?? [];
      graphs.set(entry.path, projects);
      if (index.features.length > 0)
        projects.push({
          tsconfig: projectEntry(workspace, entry).tsconfig,
          graph: buildGraph(index, null),
        });
    }
    for (const file of index.files)
      for (const edge of file.imports) {
        const specifier = edge.specifier;
        if (specifier === null || specifier.startsWith(".") || edge.resolution === "file") continue;
        const name = packageName(specifier);
        if (name === entry.name || !names.has(name)) continue;
        const reason = `${pathIn(entry, file.path)}:${edge.line} imports ${specifier}`;
        if (!links.some((link) => link.reason === reason))
          links.push({ from: entry.name, to: name, reason });
      }
  }
  links.sort(
    (a, b) =>
      compareText(a.from, b.from) || compareText(a.to, b.to) || compareText(a.reason, b.reason),
  );
  if (diagram) {
    io.stdout(
      workspaceDiagram(output.format === "dot" ? "dot" : "mermaid", packages, graphs, links),
    );
    return EXIT.ok;
  }
  const trailer =
    links.length === 0
      ? "packages: no package imports another\n"
      : `packages:\n${links.map((link) => `  ${link.from} -> ${link.to} [${link.reason}]\n`).join("")}`;
  return runPerPackage(
    {
      command: graphCommand,
      args,
      workspace,
      packages: indexed,
      json: output.format === "json",
      compact: output.compact,
      extra: { links },
      trailer,
    },
    io,
  );
}
