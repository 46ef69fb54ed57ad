import path from "node:path";
import { readProjectFile } from "../../../schema/read-project-file.js";
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");

export interface PackageNames {
  /** The `name` in the package.json nearest above `dir` (TypeScript's package scope), if any. */
  (dir: string): string | undefined;
  /** The folder of the package.json nearest above `dir`, if any. */
  folderOf(dir: string): string | undefined;
  clear(): void;
}

/** The package.json nearest above a folder: where it is, and the name it gives. */
interface Manifest {
  readonly dir: string;
  readonly name: string | null;
}

/**
 * Package names by folder, for self-name imports (`my-package/features/x`), which TypeScript
 * resolves through the package's own `exports` into its files. Read once per folder: a package
 * renamed during an editor session is seen after `clear()`, as a moved tsconfig.json is.
 */
export function createPackageNames(fileExists: (file: string) => boolean): PackageNames {
  const known = new Map<string, Manifest | null>();
  const nearest = (dir: string): Manifest | null => {
    const cached = known.get(dir);
    if (cached !== undefined) return cached;
    const manifest = path.join(dir, "package.json");
    const parent = path.dirname(dir);
    const found = fileExists(manifest)
      ? { dir, name: readName(manifest) }
      : parent === dir
        ? null
        : nearest(parent);
    known.set(dir, found);
    return found;
  };
  return Object.assign((dir: string) => nearest(dir)?.name ?? undefined, {
    folderOf: (dir: string) => nearest(dir)?.dir,
    clear: () => known.clear(),
  });
}

function readName(manifest: string): string | null {
  let text: string;
  try {
    text = readProjectFile(manifest);
  } catch {
    // An unreadable package.json names no package: TypeScript reads it as `{}` too.
    return null;
  }
  const name = (readJsonAsTypeScript(manifest, text) as { name?: unknown } | null | undefined)
    ?.name;
  return typeof name === "string" ? name : null;
}

/**
 * package.json as TypeScript's module resolution reads it (its `readJson`): JSON, else its
 * lenient JSON parser when that finds no error (comments, a trailing comma); anything else
 * names nothing. JSON.parse alone would miss a self-name import TypeScript resolves.
 */
function readJsonAsTypeScript(manifest: string, text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const loose = ts.parseConfigFileTextToJson(manifest, text);
    return loose.error ? undefined : (loose.config as unknown);
  }
}
