// What the Vitest config reader read (vitest-config.ts): every file it looked for, stamped, and
// every folder it listed, so the fresh-index check and a warm session know when reading again
// could give another answer.
import { readdirSync } from "node:fs";
import { isFile } from "../../schema/folder-listings.js";
import { readStamped, stampsChanged, type FileStamp } from "./file-stamps.js";
import path from "node:path";

/**
 * What the reader's answer rests on, taken as it read: every file it looked for (stamped, or
 * undefined where there was none or it could not be read) and every folder it listed (a digest of
 * its entries). Equal stamps and listings mean reading again gives the same config.
 */
export class VitestInputs {
  readonly files = new Map<string, FileStamp | undefined>();
  /** Per folder and pattern: the matching entries' names as listed (null: unreadable). */
  private readonly listings = new Map<string, Listing>();

  /** The file's text, stamped as read; undefined when it is missing, not a file or unreadable. */
  read(file: string): string | undefined {
    const read = readStamped(file);
    this.stamp(file, read?.stamp);
    return read?.text;
  }

  isFile(file: string): boolean {
    const read = readStamped(file);
    this.stamp(file, read?.stamp);
    return read !== undefined || this.files.get(file) === UNREADABLE;
  }

  /** Whether the path exists: its name in its folder's listing is recorded. */
  exists(file: string): boolean {
    const name = path.basename(file);
    return this.list(path.dirname(file), `=${name}`, (entry) => entry === name).length > 0;
  }

  /** The folder's entries that `matches` accepts (`key` names the pattern), sorted. */
  list(dir: string, key: string, matches: (name: string) => boolean): readonly string[] {
    const id = `${dir}\0${key}`;
    let listing = this.listings.get(id);
    if (listing === undefined) {
      listing = { dir, matches, names: matchingNames(dir, matches) };
      this.listings.set(id, listing);
    }
    return listing.names ?? [];
  }

  /**
   * For the fresh-index record: every file looked for with its stamp as read (null: there was
   * none) and every folder listed; undefined when a file could not be read (nothing vouches for it).
   */
  recorded(): VitestRecord | undefined {
    const files = new Map<string, FileStamp | null>();
    for (const [file, stamp] of this.files) {
      if (stamp === UNREADABLE) return undefined;
      files.set(file, stamp ?? null);
    }
    const folders = [...new Set([...this.listings.values()].map((listing) => listing.dir))];
    return { files, folders };
  }

  /** Whether reading the config again could give another answer (touched stamps are renewed). */
  changed(): boolean {
    for (const { dir, matches, names } of this.listings.values())
      if (String(matchingNames(dir, matches)) !== String(names)) return true;
    return stampsChanged(this.files);
  }

  private stamp(file: string, stamp: FileStamp | undefined): void {
    if (this.files.has(file)) return;
    // A file that exists but cannot be read has no stamp to compare: it counts as changed on
    // every look, so the config is read again until it can be read or is gone.
    this.files.set(file, stamp ?? (isFile(file) ? UNREADABLE : undefined));
  }
}

export interface VitestRecord {
  readonly files: ReadonlyMap<string, FileStamp | null>;
  readonly folders: readonly string[];
}

interface Listing {
  readonly dir: string;
  readonly matches: (name: string) => boolean;
  readonly names: readonly string[] | null;
}

function matchingNames(dir: string, matches: (name: string) => boolean): string[] | null {
  try {
    return readdirSync(dir).filter(matches).sort();
  } catch {
    return null;
  }
}

/** Never equal to a file's stamp (restamp finds its size moved, then cannot read the file). */
const UNREADABLE: FileStamp = { size: -2, mtimeMs: -2, ctimeMs: -2, sha256: "" };
