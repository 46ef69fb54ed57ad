// The warm session's root files, listed again only when a folder the last listing read changed.
// Creating, deleting or renaming an entry changes its folder's mtime and ctime (a chmod changes
// the ctime), so equal times mean equal listings; a folder whose mtime falls within RACY_MS of
// the listing may have changed in the same clock tick unseen, and is never trusted (as git treats
// racily clean files). The texts the test search read (a file outside the tsconfig is a test when
// it imports a test framework) are stamped too, under the same rule.
import { statSync } from "node:fs";
import type { LoadedProject } from "./load-project.js";
import { RACY_MS, readStamped, stampsChanged, type FileStamp } from "./file-stamps.js";
import { listRootFiles } from "./reload-project.js";
import type { RootFiles } from "./root-files.js";

/** A folder's mtime and ctime (ms), or "missing" when it cannot be stat'ed. */
type FolderTimes = readonly [number, number] | "missing";

interface Listing {
  readonly roots: RootFiles;
  readonly folders: ReadonlyMap<string, FolderTimes>;
  readonly texts: Map<string, FileStamp | undefined>;
}

function timesOf(dir: string): FolderTimes {
  try {
    const stat = statSync(dir);
    return [stat.mtimeMs, stat.ctimeMs];
  } catch {
    return "missing";
  }
}

const sameTimes = (a: FolderTimes, b: FolderTimes): boolean =>
  a === "missing" || b === "missing" ? a === b : a[0] === b[0] && a[1] === b[1];

export class RootListing {
  private last: Listing | undefined;

  /** The root files of the project now: the last listing when nothing it read changed. */
  list(loaded: LoadedProject): RootFiles {
    if (this.last !== undefined && this.unchanged(this.last)) return this.last.roots;
    const started = Date.now();
    const roots = listRootFiles(loaded);
    this.last = this.record(roots, started);
    return roots;
  }

  /** Starts from the listing a load made (begun at `started`, ms): the project was loaded again. */
  loaded(roots: RootFiles, started: number): void {
    this.last = this.record(roots, started);
  }

  private record(roots: RootFiles, started: number): Listing | undefined {
    // Without an exact record of the folders read (or with a folder it could not read), every
    // answer lists again.
    if (roots.directoryListings === undefined || roots.unreadableFolders) return undefined;
    const folders = new Map<string, FolderTimes>();
    for (const dir of roots.directoryListings.keys()) {
      const times = timesOf(dir);
      if (times !== "missing" && times[0] > started - RACY_MS) return undefined;
      folders.set(dir, times);
    }
    const texts = new Map<string, FileStamp | undefined>();
    for (const file of roots.textsRead) {
      // Stamped after the search read it: only a text older than the racy window is known to be
      // the one it read.
      const stamp = readStamped(file)?.stamp;
      if (stamp !== undefined && stamp.mtimeMs > started - RACY_MS) return undefined;
      texts.set(file, stamp);
    }
    return { roots, folders, texts };
  }

  private unchanged(listing: Listing): boolean {
    for (const [dir, times] of listing.folders) if (!sameTimes(timesOf(dir), times)) return false;
    return !stampsChanged(listing.texts);
  }
}
