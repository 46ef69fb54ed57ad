import type { LoadProjectOptions } from "../project/project-paths.js";

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
