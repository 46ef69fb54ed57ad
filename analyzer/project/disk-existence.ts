// Whether a file exists, judged from the disk as the ESLint plugin judges it
// (eslint-plugin/logic/project/file-existence.ts), not from the program: a feature's public entry
// or descriptor that the tsconfig leaves out (`"files": [...]`, an Nx tsconfig.spec.json) is
// there all the same. One analysis lists each folder once, so its stages (the index's entries,
// check's rules) get one answer; the listings are kept for the fresh-index record and the warm
// session, so that creating or deleting such a file is seen.
import path from "node:path";
import { isFile } from "../../schema/folder-listings.js";
import { listDirectory, listingDigest, type DirectoryEntries } from "./directory-listing.js";
import { ts } from "./ts-morph.js";

interface Listed {
  readonly entries: DirectoryEntries;
  readonly digest: string;
}

export class DiskExistence {
  /** Absolute folder -> its entries and their digest, as first listed by this analysis. */
  private readonly folders = new Map<string, Listed>();

  /** Whether the file exists: a file (or a link to one) of its folder's listing. */
  readonly exists = (file: string): boolean => {
    const { entries } = this.listed(path.dirname(path.resolve(file)));
    // Names compared as the file system compares them, as the plugin does (macOS, Windows).
    if (!ts.sys.useCaseSensitiveFileNames) return isFile(file);
    return entries.files.includes(path.basename(file));
  };

  /** Absolute folder -> listingDigest of what the answers were read from. */
  listings(): ReadonlyMap<string, string> {
    return new Map([...this.folders].map(([dir, listed]) => [dir, listed.digest]));
  }

  /** Whether listing the folders again finds another set of files (then answers could differ). */
  changed(): boolean {
    for (const [dir, listed] of this.folders)
      if (listingDigest(listDirectory(dir)) !== listed.digest) return true;
    return false;
  }

  private listed(dir: string): Listed {
    let listed = this.folders.get(dir);
    if (listed === undefined) {
      const entries = listDirectory(dir);
      listed = { entries, digest: listingDigest(entries) };
      this.folders.set(dir, listed);
    }
    return listed;
  }
}
