// Whether .agentix/index.json still describes the project on disk, decided without TypeScript:
// `agentix index` records what the index was computed from in the git-ignored .agentix/fresh.json
// (the analyzer, the configuration files, every file of the program with its size, mtime and
// hash, and every folder the include globs and the test search listed), and a verb that answers
// from the index first checks each of them again. A stat pass; a file is read only when its stat
// moved, a folder listed again to see created and deleted files. Anything unexpected in either
// file (not JSON, wrong types, a path that is not a plain relative one, an index whose bytes
// differ from the ones recorded) means stale: the verb analyses as it would have anyway. So does
// either file that is not a regular file (a FIFO, a link to /dev/zero) or is too large: never read.
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  INDEX_FILE_LIMIT,
  ProjectFileError,
  readProjectBytes,
} from "../../schema/read-project-file.js";
import { listDirectory, listingDigest } from "../project/directory-listing.js";
import { restamp, sha256, type FileStamp } from "../project/file-stamps.js";
import { ANALYZER_VERSION } from "../version.js";
import type { AgentixIndex } from "../index-file/types.js";
import { INDEX_DIRECTORY, indexPath, writeFileAtomic } from "../index-file/write.js";
import { affectedPath } from "./affected-record.js";

import { FRESH_FILE_NAME } from "../index-file/cache-file-names.js";

export { FRESH_FILE_NAME } from "../index-file/cache-file-names.js";
/**
 * 3: `affected` (the digest of affected.json) and the Vitest configs among the inputs. 4: every
 * file and folder the Vitest config reader looked at (configs a `projects` glob names), so a
 * record of 3 does not vouch for an index that depends on them. 5: each file's ctime, which a
 * tool restoring an mtime (`cp -p`, `rsync -a`, `touch -r`) cannot set back. 6: the folders the
 * analysis listed to tell whether a feature's entries exist (from the disk, the tsconfig's or
 * not), and the project files the program lacks that check's rules read (a descriptor the
 * tsconfig leaves out): a record of 5 vouches for an index that judged entries by the program.
 */
export const FRESHNESS_FORMAT = 6;

export function freshPath(root: string): string {
  return path.join(root, INDEX_DIRECTORY, FRESH_FILE_NAME);
}

/** A file the index depends on; `stamp` null: it did not exist, and must not. */
export interface RecordedFile {
  readonly path: string;
  readonly stamp: FileStamp | null;
}

export interface RecordedDirectory {
  readonly path: string;
  /** listingDigest of its entries. */
  readonly listing: string;
}

/** The contents of .agentix/fresh.json. Paths are relative to the root, POSIX. */
export interface FreshnessRecord {
  readonly format: typeof FRESHNESS_FORMAT;
  readonly analyzer: string;
  readonly tsconfig: string;
  /** sha256 of the index file's bytes as written. */
  readonly index: string;
  readonly files: readonly RecordedFile[];
  readonly directories: readonly RecordedDirectory[];
  /** What the analysis printed on stderr and went on (tsconfig warnings...): a fresh answer prints it too. */
  readonly problems: readonly string[];
  /** sha256 of .agentix/affected.json's bytes (freshness/affected-record.ts); null: none written. */
  readonly affected: string | null;
}

let identity: string | undefined;

/** The analyzer that computes an index: agentix, and the TypeScript ts-morph bundles. */
export function analyzerIdentity(): string {
  if (identity === undefined) {
    let tsMorph = "unknown";
    try {
      const require = createRequire(import.meta.url);
      const manifest = JSON.parse(readFileSync(require.resolve("ts-morph/package.json"), "utf8"));
      tsMorph = String((manifest as { version?: unknown }).version);
    } catch {
      // not resolvable: "unknown" on both sides still means the same installation
    }
    identity = `agentix ${ANALYZER_VERSION}; ts-morph ${tsMorph}`;
  }
  return identity;
}

/** How a recorded path is written: relative to the root, POSIX (`../` for a parent tsconfig). */
export function recordedPath(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join("/") || ".";
}

/** A relative POSIX path as recordedPath writes it, nothing else (no `a/../b`, no `C:`). */
function isRecordedPath(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value !== "" &&
    !value.includes("\0") &&
    !value.includes("\\") &&
    !path.posix.isAbsolute(value) &&
    !path.win32.isAbsolute(value) &&
    path.posix.normalize(value) === value &&
    !value.endsWith("/")
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isDigest = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{64}$/u.test(value);

function isStamp(value: unknown): value is FileStamp {
  return (
    isObject(value) &&
    Number.isFinite(value["size"]) &&
    Number.isFinite(value["mtimeMs"]) &&
    Number.isFinite(value["ctimeMs"]) &&
    isDigest(value["sha256"])
  );
}

/** The record when the value is one exactly; undefined for anything else. */
export function parseFreshnessRecord(value: unknown): FreshnessRecord | undefined {
  if (!isObject(value) || value["format"] !== FRESHNESS_FORMAT) return undefined;
  const { analyzer, tsconfig, index, files, directories, problems, affected } = value;
  if (typeof analyzer !== "string" || !isRecordedPath(tsconfig) || !isDigest(index))
    return undefined;
  if (affected !== null && !isDigest(affected)) return undefined;
  if (!Array.isArray(files) || !Array.isArray(directories) || !Array.isArray(problems))
    return undefined;
  if (!problems.every((line: unknown) => typeof line === "string")) return undefined;
  const filesOk = files.every(
    (file: unknown) =>
      isObject(file) &&
      isRecordedPath(file["path"]) &&
      (file["stamp"] === null || isStamp(file["stamp"])),
  );
  const directoriesOk = directories.every(
    (dir: unknown) => isObject(dir) && isRecordedPath(dir["path"]) && isDigest(dir["listing"]),
  );
  return filesOk && directoriesOk ? (value as unknown as FreshnessRecord) : undefined;
}

/**
 * Writes the record beside the index, atomically (after the index and affected.json, whose
 * bytes it vouches for: a crash between is stale).
 */
export function writeFreshness(root: string, record: FreshnessRecord, affectedText?: string): void {
  if (affectedText !== undefined) writeFileAtomic(affectedPath(root), affectedText);
  writeFileAtomic(freshPath(root), `${JSON.stringify(record)}\n`);
}

/**
 * Writes the record, or (without one) removes the old file; the derived cache never fails a verb:
 * what cannot be written or removed is returned as a sentence (a record left that does not match
 * the index's bytes, or a folder in its place, only means stale).
 */
export function recordFreshness(
  root: string,
  record: FreshnessRecord | undefined,
  affectedText?: string,
): string | undefined {
  try {
    if (record) writeFreshness(root, record, affectedText);
    else {
      rmSync(freshPath(root), { force: true });
      rmSync(affectedPath(root), { force: true });
    }
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `cannot ${record ? "write" : "remove"} ${INDEX_DIRECTORY}/${FRESH_FILE_NAME} (${code}): verbs will analyse instead of answering from the index`;
  }
}

/** What fresh.json vouches for once its inputs are proven unchanged. */
export interface FreshInputs {
  readonly fresh: true;
  readonly problems: readonly string[];
  /** The digest affected.json must have to be trusted (null: none was written). */
  readonly affected: string | null;
}

type Stale = { readonly fresh: false; readonly reason: string };

export type Freshness = (FreshInputs & { readonly index: AgentixIndex }) | Stale;

const stale = (reason: string): Stale => ({ fresh: false, reason });

/**
 * The index of the project at `root` analysed with `tsconfigFile`, when fresh.json proves that
 * analysing it now would give the same index; else why not. Never throws.
 */
export function checkFreshness(root: string, tsconfigFile: string): Freshness {
  return neverThrowing(() => {
    const inputs = inputsOf(root, tsconfigFile);
    return inputs.fresh ? withIndex(root, inputs) : inputs;
  });
}

/**
 * Whether everything the index (and affected.json) were computed from is unchanged, without
 * reading the index: `affected` answers from affected.json, whose bytes fresh.json vouches for,
 * and need not parse an index of megabytes it does not read. Never throws.
 */
export function checkInputs(root: string, tsconfigFile: string): FreshInputs | Stale {
  return neverThrowing(() => inputsOf(root, tsconfigFile));
}

function neverThrowing<T>(check: () => T | Stale): T | Stale {
  try {
    return check();
  } catch (error) {
    return stale(`the check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function inputsOf(
  root: string,
  tsconfigFile: string,
): (FreshInputs & { indexDigest: string }) | Stale {
  const text = cacheText(freshPath(root));
  if (typeof text !== "string")
    return stale(text.absent ? `there is no ${INDEX_DIRECTORY}/${FRESH_FILE_NAME}` : text.why);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return stale(`${FRESH_FILE_NAME} is not JSON`);
  }
  const record = parseFreshnessRecord(parsed);
  if (record === undefined) return stale(`${FRESH_FILE_NAME} is not a freshness record`);
  if (record.analyzer !== analyzerIdentity())
    return stale(`the index was written by ${record.analyzer}, this is ${analyzerIdentity()}`);
  if (record.tsconfig !== recordedPath(root, tsconfigFile))
    return stale(`the index was written for ${record.tsconfig}`);
  for (const file of record.files) {
    const absolute = path.resolve(root, file.path);
    if (file.stamp === null) {
      if (
        restamp(absolute, { size: -1, mtimeMs: -1, ctimeMs: -1, sha256: "" }).status !== "missing"
      )
        return stale(`${file.path} was created`);
    } else if (restamp(absolute, file.stamp).status !== "same") {
      return stale(`${file.path} changed`);
    }
  }
  for (const dir of record.directories) {
    if (listingDigest(listDirectory(path.resolve(root, dir.path))) !== dir.listing)
      return stale(`files were created or deleted in ${dir.path}`);
  }
  return {
    fresh: true,
    problems: record.problems,
    affected: record.affected,
    indexDigest: record.index,
  };
}

function withIndex(root: string, inputs: FreshInputs & { indexDigest: string }): Freshness {
  const bytes = cacheText(indexPath(root));
  if (typeof bytes !== "string") return stale(bytes.absent ? "there is no index file" : bytes.why);
  if (sha256(bytes) !== inputs.indexDigest) return stale("the index file is not the one recorded");
  const { problems, affected } = inputs;
  return { fresh: true, index: JSON.parse(bytes) as AgentixIndex, problems, affected };
}

/**
 * A cache file's text, or why there is none: `absent` when it cannot be read (missing, a folder),
 * else the reason it is refused unread (a FIFO, a device, over INDEX_FILE_LIMIT).
 */
function cacheText(file: string): string | { readonly absent: boolean; readonly why: string } {
  try {
    return readProjectBytes(file, path.basename(file), INDEX_FILE_LIMIT).toString("utf8");
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    return { absent: !error.refused, why: error.message };
  }
}
