import { existsSync } from "node:fs";
import { resolveProjectPaths, type LoadProjectOptions } from "../project/project-paths.js";

/** --project and --root, as every verb takes them. */
export interface ProjectArgs {
  readonly project?: string | undefined;
  readonly root?: string | undefined;
}

export function projectOptions(values: ProjectArgs): LoadProjectOptions {
  return {
    ...(values.project !== undefined ? { tsconfig: values.project } : {}),
    ...(values.root !== undefined ? { root: values.root } : {}),
  };
}

/**
 * For a verb that does not load the project (init, scaffold): a --project naming no file is the
 * error `index` and `check` give (exit 2, "<path>: no such file"), before anything is planned or
 * written elsewhere. TypeScript is loaded only to word that error.
 */
export async function assertProjectFile(values: ProjectArgs, cwd: string): Promise<void> {
  if (values.project === undefined) return;
  const { tsconfigFile } = resolveProjectPaths(projectOptions(values), cwd);
  if (existsSync(tsconfigFile)) return;
  throw (await import("../project/tsconfig.js")).missingTsconfig(tsconfigFile, cwd);
}
