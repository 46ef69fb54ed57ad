// Files under the root that check's rules read although the program lacks them: a feature's
// descriptor the tsconfig leaves out, whose dependencies check applies as ESLint does. Read once
// per analysis and parsed as the plugin parses a file from the disk; the stamp of what was read
// goes into the fresh-index record, and the warm session compares it, so that an edit is seen.
import type ts from "typescript";
import { isFile, statOrUndefined } from "../../schema/folder-listings.js";
import { refusalOf } from "../../schema/read-project-file.js";
import { parseSourceText } from "../../eslint-plugin/logic/project/source-cache.js";
import { readStamped, stampsChanged, type FileStamp } from "./file-stamps.js";

export class DiskSources {
  /** Absolute file -> its stamp as read (undefined: there was none). */
  private readonly stamps = new Map<string, FileStamp | undefined>();
  private readonly trees = new Map<string, ts.SourceFile | undefined>();
  /** False once a file that exists could not be read: nothing vouches for what the rules saw. */
  private exact = true;

  /** The file's syntax tree as read now, or undefined when there is none (or it cannot be read). */
  readonly source = (file: string): ts.SourceFile | undefined => {
    if (this.trees.has(file)) return this.trees.get(file);
    // One no project file may be (over PROJECT_FILE_LIMIT) is left to the plugin's reading,
    // which may spare its parse; unrecorded, so no fresh-index record vouches for it.
    if (refused(file)) {
      this.exact = false;
      this.trees.set(file, undefined);
      return undefined;
    }
    const read = readStamped(file);
    if (read === undefined && isFile(file)) this.exact = false;
    this.stamps.set(file, read?.stamp);
    const tree = read && parseSourceText(file, read.text);
    this.trees.set(file, tree);
    return tree;
  };

  /** For the fresh-index record: each file read with its stamp (null: none); undefined if inexact. */
  recorded(): ReadonlyMap<string, FileStamp | null> | undefined {
    if (!this.exact) return undefined;
    return new Map([...this.stamps].map(([file, stamp]) => [file, stamp ?? null]));
  }

  /** Whether reading again could give the rules another text (touched stamps are renewed). */
  changed(): boolean {
    return !this.exact || stampsChanged(this.stamps);
  }
}

/** Whether a file exists that no project file may be (too large: reading and parsing it is slow). */
function refused(file: string): boolean {
  const stat = statOrUndefined(file);
  return stat !== undefined && stat.isFile() && refusalOf(stat) !== undefined;
}
