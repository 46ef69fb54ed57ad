// Which project a run is about, from --project and --root: plain path arithmetic, no TypeScript,
// so the fresh-index check can name the project before anything heavy loads.
import path from "node:path";

export interface LoadProjectOptions {
  /** The project root: paths in the index are relative to it. Default: the tsconfig's folder, else the working directory. */
  readonly root?: string;
  /** Path of the tsconfig.json to analyse. Default: `<root>/tsconfig.json`. */
  readonly tsconfig?: string;
}

/** Resolves the root and tsconfig paths of the options. */
export function resolveProjectPaths(
  options: LoadProjectOptions,
  cwd: string = process.cwd(),
): { root: string; tsconfigFile: string } {
  const tsconfigFile =
    options.tsconfig !== undefined
      ? path.resolve(cwd, options.tsconfig)
      : path.join(path.resolve(cwd, options.root ?? "."), "tsconfig.json");
  const root = path.resolve(
    cwd,
    options.root ?? (options.tsconfig !== undefined ? path.dirname(tsconfigFile) : "."),
  );
  return { root, tsconfigFile };
}
