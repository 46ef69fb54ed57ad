import { realpathSync } from "node:fs";
import path from "node:path";
import { diskRound } from "../../../schema/disk-rounds.js";
import { derivedFromFolder, folderEntries } from "../../../schema/folder-listings.js";

/**
 * The names of the links a folder holds (files or folders; empty for nearly every folder), or
 * undefined for a folder that exists but cannot be listed: any entry of it may be one.
 */
type HeldLinks = ReadonlySet<string> | undefined;

/** What the listings say of symbolic links on the way to a folder, in one disk round. */
interface FolderLinks {
  /** The disk round the answer was read in: a later one reads the folder (and those above) again. */
  readonly round: number;
  /** A folder on the way from the project root to this one (itself included) is, or may be, a link. */
  readonly onTheWay: boolean;
  readonly held: HeldLinks;
}

/** Whether the entry `name` of a folder holding `held` is, or may be, a link. */
function mayBeLink(held: HeldLinks, name: string): boolean {
  return held === undefined || held.has(name);
}

/**
 * Where a path really leads when a symbolic link below the project root lies on it. A boundary
 * is judged by the file an import lands in: `billing/orders-link -> ../orders` or
 * `src/shortcut.ts -> features/orders/internal.ts` must not launder another feature's private
 * file into code that may import the link. Answered from the folders' listings (one per folder
 * and disk round, shared with every other folder fact), so a path without links costs look-ups,
 * never a `realpath`.
 */
export interface LinkedPaths {
  /**
   * A number that stays the same within a disk round (schema/disk-rounds.ts) until clear(): a
   * caller may keep answers for as long as it does not change. Each answer is read again in a later round from
   * the folders it depends on (by their mtimes, one `stat` each, shared with every other folder
   * fact), never from every folder ever read: an editor's lint of one file looks at its own.
   */
  generation(): number;
  /**
   * Whether a path in `dir` may lead through a link below `root`: a folder on the way is one,
   * or `dir` holds one (the entry a specifier names may be it).
   */
  mayLeadThroughLink(dir: string, root: string): boolean;
  /**
   * The path `file` really leads to when a link below `root` lies on its way (one of its
   * folders, or the file itself), written under `root` when it lies in the project; undefined
   * when none does, or the path leads nowhere.
   */
  realPathOf(file: string, root: string): string | undefined;
  clear(): void;
}

const NO_LINKS: ReadonlySet<string> = new Set();
const linksByListing = new WeakMap<object, ReadonlySet<string>>();

/**
 * The links a folder holds, from its listing: the same set for as long as the folder's mtime
 * stays the same.
 */
function linksHeldIn(dir: string): HeldLinks {
  const entries = folderEntries(dir); // read for this round, if nobody has yet
  if (entries === undefined) return undefined;
  return derivedFromFolder(dir, linksByListing, (_mtimeMs, listed) => {
    let links: Set<string> | undefined;
    for (const entry of listed ?? [])
      if (entry.isSymbolicLink()) (links ??= new Set()).add(entry.name);
    return links ?? NO_LINKS;
  });
}

const SEPARATOR = path.sep.charCodeAt(0);

export function createLinkedPaths(): LinkedPaths {
  /** Each folder's links, by project root (what lies on the way depends on where it starts). */
  const byRoot = new Map<string, Map<string, FolderLinks>>();
  let lastRoot: string | undefined;
  let lastByFolder: Map<string, FolderLinks> | undefined;
  const realRoots = new Map<string, string | null>();
  let realRootsRound = -1;
  /** What generation() says: a new number each disk round, and after clear(). */
  let generation = 0;
  let generationRound = -1;

  /** A folder's links in `round`; outside `root` (or at it) nothing lies on the way. */
  const linksOf = (dir: string, root: string, round: number): FolderLinks => {
    // Nearly every question of a lint is about one root: the last one's answers are at hand.
    let byFolder = lastRoot === root ? lastByFolder : byRoot.get(root);
    if (byFolder === undefined) byRoot.set(root, (byFolder = new Map()));
    lastRoot = root;
    lastByFolder = byFolder;
    let known = byFolder.get(dir);
    if (known?.round !== round) {
      const parent = path.dirname(dir);
      const inside =
        dir.length > root.length + 1 &&
        dir.charCodeAt(root.length) === SEPARATOR &&
        dir.startsWith(root);
      known = {
        round,
        onTheWay:
          inside &&
          (mayBeLink(linksHeldIn(parent), path.basename(dir)) ||
            linksOf(parent, root, round).onTheWay),
        held: linksHeldIn(dir),
      };
      byFolder.set(dir, known);
    }
    return known;
  };
  const realRootOf = (root: string, round: number): string | null => {
    // The root's own path may have been relinked: asked again each round (rare).
    if (realRootsRound !== round) {
      realRoots.clear();
      realRootsRound = round;
    }
    let real = realRoots.get(root);
    if (real === undefined) {
      try {
        real = realpathSync(root);
      } catch {
        real = null;
      }
      realRoots.set(root, real);
    }
    return real;
  };

  return {
    generation() {
      const round = diskRound();
      if (round !== generationRound) {
        generationRound = round;
        generation += 1;
      }
      return generation;
    },
    mayLeadThroughLink(dir, root) {
      const links = linksOf(dir, root, diskRound());
      return links.onTheWay || links.held === undefined || links.held.size > 0;
    },
    realPathOf(file, root) {
      const round = diskRound();
      const dir = path.dirname(file);
      const links = linksOf(dir, root, round);
      if (!links.onTheWay && !mayBeLink(links.held, path.basename(file))) return undefined;
      let real: string;
      try {
        real = realpathSync(file);
      } catch {
        return undefined; // a dangling link leads nowhere
      }
      // The root's own path may pass through links (a home folder linked elsewhere): a file
      // inside the project is written under the root as the project knows it.
      const realRoot = realRootOf(root, round);
      if (realRoot !== null && real.startsWith(realRoot + path.sep))
        real = path.join(root, real.slice(realRoot.length + 1));
      return real === file ? undefined : real;
    },
    clear() {
      generation += 1; // answers kept by callers are asked again, in this round too
      byRoot.clear();
      lastRoot = undefined;
      lastByFolder = undefined;
      realRoots.clear();
    },
  };
}
