// The folders the tsconfig's include globs and the test search listed while a project loaded,
// with a digest of what each held. A file created later under those globs lands in one of them,
// so the fresh-index check (freshness/freshness.ts) sees it without TypeScript.
import path from "node:path";
import { projectLinks, type ProjectLinks } from "./project-links.js";
import { ts } from "./ts-morph.js";
import { listDirectory, listingDigest, type DirectoryEntries } from "./directory-listing.js";

/** TypeScript's own globbing with the folder listing passed in (internal, but what sys uses). */
type MatchFiles = (
  path: string,
  extensions: readonly string[] | undefined,
  excludes: readonly string[] | undefined,
  includes: readonly string[] | undefined,
  useCaseSensitiveFileNames: boolean,
  currentDirectory: string,
  depth: number | undefined,
  getFileSystemEntries: (path: string) => DirectoryEntries,
  realpath: (path: string) => string,
) => string[];

export class DirectoryLog {
  private readonly seen = new Map<string, string>();
  /** False when a folder could not be recorded (no matchFiles, or it changed between listings). */
  private exact = true;
  /** The absolute paths of the symbolic links the listings met. */
  private readonly links = new Set<string>();

  /**
   * A ParseConfigHost.readDirectory that globs as ts.sys does and records every folder listed,
   * for the project at `projectRoot`: a file found through a symbolic link whose real path lies
   * in the project is named by that path (once). TypeScript walks a folder reached twice (itself
   * and through a link) once, under the path it meets first: with `billing/orders-link ->
   * ../orders` the files of `orders` were billing's, and `orders` had none.
   */
  readDirectoryIn(
    projectRoot: string,
  ): (
    root: string,
    extensions: readonly string[] | undefined,
    excludes: readonly string[] | undefined,
    includes: readonly string[],
    depth?: number,
  ) => string[] {
    return (root, extensions, excludes, includes, depth) => {
      const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
      if (typeof matchFiles !== "function") {
        this.exact = false;
        return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
      }
      const files = matchFiles(
        root,
        extensions,
        excludes,
        includes,
        ts.sys.useCaseSensitiveFileNames,
        process.cwd(),
        depth,
        (dir) => this.list(dir),
        (file) => ts.sys.realpath?.(file) ?? file,
      );
      return this.links.size === 0 ? files : this.byRealPaths(files, projectRoot);
    };
  }

  /** `files`, each found through a link named by its real path when that lies in `projectRoot`, once. */
  private byRealPaths(files: readonly string[], projectRoot: string): string[] {
    const links = this.linksIn(projectRoot);
    return [...new Set(files.map((file) => links.realPath(file)))];
  }

  /** The links the listings met so far, of the project at `projectRoot`. */
  linksIn(projectRoot: string): ProjectLinks {
    return projectLinks(projectRoot, this.links);
  }

  /** Records a folder another walk listed (the test search walks the tree itself). */
  readonly record = (dir: string): void => {
    this.list(dir);
  };

  private list(dir: string): DirectoryEntries {
    const entries = listDirectory(dir);
    const digest = listingDigest(entries);
    const absolute = path.resolve(dir);
    for (const name of entries.links ?? []) this.links.add(path.join(absolute, name));
    const before = this.seen.get(absolute);
    if (before !== undefined && before !== digest) this.exact = false;
    this.seen.set(absolute, digest);
    return entries;
  }

  /** Absolute folder -> listing digest, or undefined when the record would not be exact. */
  listings(): ReadonlyMap<string, string> | undefined {
    return this.exact ? this.seen : undefined;
  }
}
