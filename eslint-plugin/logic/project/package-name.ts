import { readFileSync } from "node:fs";
import path from "node:path";

export interface PackageNames {
  /** The `name` in the package.json nearest above `dir` (TypeScript's package scope), if any. */
  (dir: string): string | undefined;
  clear(): void;
}

/**
 * Package names by folder, for self-name imports (`my-package/features/x`), which TypeScript
 * resolves through the package's own `exports` into its files. Read once per folder: a package
 * renamed during an editor session is seen after `clear()`, as a moved tsconfig.json is.
 */
export function createPackageNames(fileExists: (file: string) => boolean): PackageNames {
  const known = new Map<string, string | null>();
  const nameOf = (dir: string): string | null => {
    const cached = known.get(dir);
    if (cached !== undefined) return cached;
    const manifest = path.join(dir, "package.json");
    const parent = path.dirname(dir);
    const name = fileExists(manifest) ? readName(manifest) : parent === dir ? null : nameOf(parent);
    known.set(dir, name);
    return name;
  };
  return Object.assign((dir: string) => nameOf(dir) ?? undefined, { clear: () => known.clear() });
}

function readName(manifest: string): string | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
    const name = (parsed as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name : null;
  } catch {
    // An unreadable or broken package.json names no package: TypeScript finds no self-name either.
    return null;
  }
}
