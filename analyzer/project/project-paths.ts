// Which project a run is about, from --project and --root: plain path arithmetic, no TypeScript,
// so the fresh-index check can name the project before anything heavy loads.
import { existsSync, statSync } from "node:fs";
import path from "node:path";

export interface LoadProjectOptions {
  /** The project root: paths in the index are relative to it. Default: the tsconfig's folder, else the working directory. */
  readonly root?: string;
  /**
   * Path of the tsconfig.json to analyse, or of a folder holding one (as `tsc -p` takes it).
   * Default: `<root>/tsconfig.json`.
   */
  readonly tsconfig?: string;
  /** The run's working directory: load errors show paths relative to it. Default: the process's. */
  readonly cwd?: string;
}

/** Resolves the root and tsconfig paths of the options (the tsconfig searched upwards, as tsc does). */
export function resolveProjectPaths(
  options: LoadProjectOptions,
  cwd: string = process.cwd(),
): { root: string; tsconfigFile: string } {
  const tsconfigFile =
    options.tsconfig !== undefined
      ? inFolder(path.resolve(cwd, options.tsconfig))
      : findTsconfig(cwd, options.root);
  const root = path.resolve(cwd, options.root ?? path.dirname(tsconfigFile));
  return { root, tsconfigFile };
}

/**
 * The tsconfig a verb analyses without --project: `<root>/tsconfig.json` when a root is given,
 * else the nearest tsconfig.json from the working directory upwards, as tsc finds it (its
 * ts.findConfigFile, in plain fs so the fresh-index check loads no TypeScript).
 */
export function findTsconfig(cwd: string, root: string | undefined): string {
  if (root !== undefined) return path.join(path.resolve(cwd, root), "tsconfig.json");
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.join(path.resolve(cwd), "tsconfig.json");
  }
}

/** A folder's tsconfig.json for a folder (`--project packages/api`, as tsc -p reads it), else `file`. */
function inFolder(file: string): string {
  try {
    return statSync(file).isDirectory() ? path.join(file, "tsconfig.json") : file;
  } catch {
    return file; // missing or unreadable: the load names it
  }
}
