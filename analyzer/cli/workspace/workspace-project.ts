// A verb run at a workspace root (no --project, and the root declares workspaces): the
// workspace's packages, each analysed on its own tsconfig. Whether a verb runs at a workspace
// root is workspace-root.ts's question (it loads no TypeScript; this module does).
import type { Analysis } from "../../analyze.js";
import type { Workspace, WorkspacePackage } from "../../workspace/discover.js";
import type { CliIO } from "../io.js";
import { projectAnalysis } from "../project.js";

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
