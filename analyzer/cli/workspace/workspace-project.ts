// A verb run at a workspace root (no --project, and the root declares workspaces): the
// workspace's packages, each analysed on its own tsconfig.
import path from "node:path";
import type { Analysis } from "../../analyze.js";
import {
  discoverWorkspace,
  type Workspace,
  type WorkspacePackage,
} from "../../workspace/discover.js";
import type { CliIO } from "../io.js";
import { projectAnalysis, type ProjectArgs } from "../project.js";

/** The workspace the command line names, or undefined for a single project (the usual case). */
export function workspaceFor(values: ProjectArgs, io: CliIO): Workspace | undefined {
  if (values.project !== undefined || io.analyses !== undefined) return undefined;
  return discoverWorkspace(path.resolve(io.cwd, values.root ?? "."));
}

/** The packages agentix analyses: those with a tsconfig.json. */
export function analysedPackages(workspace: Workspace): WorkspacePackage[] {
  return workspace.packages.filter((entry) => entry.tsconfig !== undefined);
}

/** Each analysed package's analysis (its tsconfig warnings on stderr, as for one project). */
export function analyseWorkspace(workspace: Workspace, io: CliIO): Map<WorkspacePackage, Analysis> {
  const analyses = new Map<WorkspacePackage, Analysis>();
  for (const entry of analysedPackages(workspace))
    analyses.set(entry, projectAnalysis({ root: entry.dir }, io));
  return analyses;
}

/** The workspace as the JSON outputs describe it. */
export function workspaceSummary(workspace: Workspace) {
  return {
    kind: workspace.kind,
    packages: workspace.packages.map((entry) => ({
      name: entry.name,
      path: entry.path,
      analysed: entry.tsconfig !== undefined,
    })),
  };
}

/** A package's own CLI output, under a heading (human output of a workspace run). */
export function packageHeading(entry: WorkspacePackage): string {
  return `== ${entry.name} (${entry.path})\n`;
}
