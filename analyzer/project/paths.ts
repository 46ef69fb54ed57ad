import path from "node:path";
import { toPosix } from "../../schema/paths.js";

/**
 * A path relative to the project root in POSIX form, or undefined when the file lies outside
 * the root (the index never holds absolute paths).
 */
export function relativeToRoot(root: string, file: string): string | undefined {
  const relative = path.relative(root, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return toPosix(relative);
}

/** True when the path passes through a node_modules folder. */
export function isInNodeModules(file: string): boolean {
  return /[\\/]node_modules[\\/]/u.test(file);
}

/** True for `.d.ts`, `.d.mts`, `.d.cts` and `.d.<ext>.ts` declaration files. */
export function isDeclarationFile(file: string): boolean {
  return /\.d\.([cm]?ts|[^./\\]+\.ts)$/u.test(file);
}

/** Compares strings by UTF-16 code units, never by locale: the same order on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
