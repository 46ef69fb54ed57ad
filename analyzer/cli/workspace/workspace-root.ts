// Whether a verb runs at a workspace root: no --project, no warm single-project session, and the
// root (--root, else the working directory) declares workspaces. Loads no TypeScript.
import path from "node:path";
import { discoverWorkspace, type Workspace } from "../../workspace/discover.js";
import type { CliIO } from "../io.js";
import type { ProjectArgs } from "../project-args.js";

/** The workspace the command line names, or undefined for a single project (the usual case). */
export function workspaceFor(values: ProjectArgs, io: CliIO): Workspace | undefined {
  if (values.project !== undefined || io.analyses !== undefined) return undefined;
  return discoverWorkspace(path.resolve(io.cwd, values.root ?? "."));
}
