// The folders the tsconfig's include globs and the test search listed while a project loaded,
// with a digest of what each held. A file created later under those globs lands in one of them,
// so the fresh-index check (freshness/freshness.ts) sees it without TypeScript.
import path from "node:path";
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

  /** A ParseConfigHost.readDirectory that globs as ts.sys does and records every folder listed. */
  readonly readDirectory = (
    root: string,
    extensions: readonly string[] | undefined,
    excludes: readonly string[] | undefined,
    includes: readonly string[],
    depth?: number,
  ): string[] => {
    const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
    if (typeof matchFiles !== "function") {
      this.exact = false;
      return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
    }
    return matchFiles(
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
  };

  /** Records a folder another walk listed (the test search walks the tree itself). */
  readonly record = (dir: string): void => {
    this.list(dir);
  };

  private list(dir: string): DirectoryEntries {
    const entries = listDirectory(dir);
    const digest = listingDigest(entries);
    const absolute = path.resolve(dir);
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
