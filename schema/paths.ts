// Path helpers shared by the config loader, the ESLint plugin and the analyzer: schema/ is the
// one folder all three import, so they are defined here once.
import path from "node:path";

/** A platform path with POSIX separators, as the index, the configuration and messages show it. */
export function toPosix(value: string): string {
  return path.sep === "/" ? value : value.split(path.sep).join("/");
}

const SLASH = 47;
const DOT = 46;

/**
 * Whether `file` is an entry of the resolved POSIX folder `dir`, written as path.resolve would
 * leave it ("dir/x.ts", not "dir/sub/x.ts", "dir/." or "dir/.."): a lint run goes through a
 * folder's files one after another, so the folder looked up last usually answers for the next
 * file without path.dirname and a look-up by the folder's name. Always false on Windows.
 */
export function isFileDirectlyIn(dir: string, file: string): boolean {
  const start = dir.length + 1;
  if (path.sep !== "/" || file.length <= start || file.charCodeAt(dir.length) !== SLASH)
    return false;
  if (!file.startsWith(dir) || file.indexOf("/", start) !== -1) return false;
  const dots =
    file.charCodeAt(start) === DOT &&
    (file.length === start + 1 ||
      (file.length === start + 2 && file.charCodeAt(start + 1) === DOT));
  return !dots;
}

/** A path's `node_modules` folder segment (platform separators). */
export const NODE_MODULES_SEGMENT = `${path.sep}node_modules${path.sep}`;

/** Whether an absolute platform path passes through a node_modules folder (an installed file). */
export function isInstalled(file: string): boolean {
  return file.includes(NODE_MODULES_SEGMENT);
}

/**
 * A JavaScript or TypeScript file (`.js`, `.tsx`, `.mjs`, `.d.ts`...): what TypeScript resolves
 * itself; any other file an import names (a stylesheet, an image) is an asset.
 */
export function isScriptFile(file: string): boolean {
  return /\.[cm]?[jt]sx?$/u.test(file);
}

/** A TypeScript source, not a declaration file (`.ts`, `.tsx`, `.mts`, `.cts`). */
export function isTypeScriptSource(file: string): boolean {
  return /(?<!\.d)\.[cm]?tsx?$/u.test(file);
}
