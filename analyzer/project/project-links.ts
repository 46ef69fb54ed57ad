// Symbolic links below a project's root, as the listings of a load met them, and where a file
// reached through one really is. TypeScript resolves a relative import through a link to the
// link's path (it follows links only into node_modules), and lists a folder reached twice once,
// under the path it meets first: so one file was analysed under two paths, or under the wrong
// feature's folder. The analysis names such a file by its real path when that lies in the
// project, as Node loads it (and as the ESLint plugin judges it).
import { realpathSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { relativeToRoot } from "./paths.js";

export interface ProjectLinks {
  /** Whether the listings met any link (when not, realPath is the identity). */
  readonly any: boolean;
  /**
   * `file` (absolute) by its real path, written under the root as given, when a link met stands on
   * its path and the real path lies in the project; else `file` itself.
   */
  realPath(file: string): string;
}

export const NO_LINKS: ProjectLinks = { any: false, realPath: (file) => file };

/** The links at `links` (absolute paths) of the project at `root`. */
export function projectLinks(root: string, links: ReadonlySet<string>): ProjectLinks {
  if (links.size === 0) return NO_LINKS;
  const known = new Map<string, string>();
  let realRoot: string | null | undefined;
  const throughLink = (file: string): boolean => {
    for (let at = file; ; at = path.dirname(at)) {
      if (links.has(at)) return true;
      if (path.dirname(at) === at) return false;
    }
  };
  return {
    any: true,
    realPath(file) {
      let real = known.get(file);
      if (real !== undefined) return real;
      real = file;
      if (throughLink(path.resolve(file))) {
        try {
          realRoot ??= realpathSync.native(root);
          const relative = relativeToRoot(realRoot, realpathSync.native(file));
          if (relative !== undefined) real = `${toPosix(path.resolve(root))}/${relative}`;
        } catch {
          realRoot ??= null; // a root or file that cannot be resolved keeps its path
        }
      }
      known.set(file, real);
      return real;
    },
  };
}
