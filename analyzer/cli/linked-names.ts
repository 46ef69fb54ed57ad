// A file named on the command line may lie behind a symbolic link (a workspace package linked
// from a folder elsewhere, which npm accepts): TypeScript compiles what a package import reaches
// under its real path, so the change is given under that name too, or no program would know it.
import { realpathSync } from "node:fs";
import path from "node:path";

/**
 * The absolute paths a file is known by: its own, then its real path when a link below the root
 * leads elsewhere (links above the root, such as macOS's /tmp, change nothing).
 */
export function linkedNames(absolute: string, root: string): string[] {
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(absolute);
    realRoot = realpathSync(root);
  } catch {
    return [absolute];
  }
  const below = path.relative(realRoot, real);
  const inside = below !== "" && !below.startsWith(`..${path.sep}`) && !path.isAbsolute(below);
  const known = inside ? path.join(root, below) : real;
  return known === absolute ? [absolute] : [absolute, known];
}
