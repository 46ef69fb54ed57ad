// The one walk of the project folder (test discovery outside the tsconfig): it never leaves the
// root (symbolic links are not followed), never enters node_modules, .git, .agentix, output
// folders or the kernel's pseudo file systems, and reports every folder it could not read
// instead of dropping it.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Folders that hold no project sources, wherever they are. */
const SKIPPED_NAMES = new Set(["node_modules", ".git", ".agentix", ".hg", ".svn"]);
/** Pseudo file systems: reading them never ends (or hangs) and they hold no sources. */
const SKIPPED_ABSOLUTE = new Set(["/proc", "/sys", "/dev"]);

export interface Walk {
  /** Absolute paths of the regular files found, sorted. */
  readonly files: string[];
  /** Folders (absolute) that could not be read, with the reason (EACCES, ...). */
  readonly unreadable: { readonly dir: string; readonly reason: string }[];
}

export function walkProject(
  root: string,
  wanted: (file: string) => boolean,
  skipped: ReadonlySet<string> = new Set(),
  onFolder: (dir: string) => void = () => {},
): Walk {
  const files: string[] = [];
  const unreadable: { dir: string; reason: string }[] = [];
  const queue = [path.resolve(root)];
  while (queue.length > 0) {
    const dir = queue.pop() as string;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
      onFolder(dir);
    } catch (error) {
      unreadable.push({ dir, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      continue;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (SKIPPED_NAMES.has(entry.name) || SKIPPED_ABSOLUTE.has(full) || skipped.has(full))
          continue;
        queue.push(full);
      } else if (entry.isFile() && wanted(full)) {
        files.push(full);
      }
    }
  }
  files.sort();
  unreadable.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { files, unreadable };
}
