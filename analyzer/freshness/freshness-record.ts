// What `agentix index` records in .agentix/fresh.json (freshness/freshness.ts checks it): taken
// from the loaded project, not from a second look at the disk wherever the two could differ, so
// a file that changed while the analysis ran is recorded as changed.
import path from "node:path";
import type { LoadedProject } from "../project/load-project.js";
import { listDirectory, listingDigest } from "../project/directory-listing.js";
import { readStamped, sha256, type FileStamp, type StampedText } from "../project/file-stamps.js";
import { configCandidates, PROJECT_INPUT_FILES } from "../project/input-files.js";
import { isInNodeModules } from "../project/paths.js";
import { compareText } from "../project/paths.js";
import { problemLines } from "../project/tsconfig.js";
import { typeScriptVersionInputs } from "../project/project-typescript.js";
import {
  analyzerIdentity,
  FRESHNESS_FORMAT,
  recordedPath,
  type FreshnessRecord,
  type RecordedDirectory,
  type RecordedFile,
} from "./freshness.js";

/**
 * The Vitest configs the analysis may read at the root (which of them exists decides which test
 * files are tests): each is stamped, a missing one must stay missing. Other configs beside them
 * (`vitest.e2e.config.ts`) are seen by the root's listing.
 */
export const VITEST_INPUT_FILES: readonly string[] = [
  "vitest.config",
  "vite.config",
  "vitest.workspace",
]
  .flatMap((base) => ["ts", "mts", "cts", "js", "mjs", "cjs"].map((ext) => `${base}.${ext}`))
  .concat(["vitest.workspace.json"]);

/** The configuration files known before a load: stamp them first, pass them to freshnessRecord. */
export function inputsBeforeLoad(
  root: string,
  tsconfigFile: string,
): Map<string, FileStamp | null> {
  const stamps = new Map<string, FileStamp | null>();
  const names = [...PROJECT_INPUT_FILES, ...VITEST_INPUT_FILES];
  for (const file of [
    tsconfigFile,
    ...names.map((name) => path.join(root, name)),
    ...configCandidates(root),
  ])
    stamps.set(path.resolve(file), readStamped(file)?.stamp ?? null);
  return stamps;
}

const sameStamp = (a: FileStamp | null, b: FileStamp | null): boolean =>
  a === null || b === null
    ? a === b
    : a.size === b.size &&
      a.mtimeMs === b.mtimeMs &&
      a.ctimeMs === b.ctimeMs &&
      a.sha256 === b.sha256;

/** package.json files that decide module formats: the root's ancestors up to the nearest one. */
function packageScopes(root: string): string[] {
  const files: string[] = [];
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    files.push(file);
    if (readStamped(file) !== undefined || path.dirname(dir) === dir) return files;
  }
}

/** The configuration files whose stamps the record holds (present or not). */
function configurationInputs(
  loaded: LoadedProject,
  before: ReadonlyMap<string, FileStamp | null>,
): Set<string> {
  const { root } = loaded;
  const inputs = new Set<string>([
    ...before.keys(),
    ...loaded.tsconfigFiles.map((file) => path.resolve(file)),
    ...packageScopes(root),
    // What says which TypeScript the project compiles with (whether TypeScript 6's deprecations are its problems).
    ...typeScriptVersionInputs(root),
    ...[loaded.vitest, ...loaded.vitest.others].flatMap((config) =>
      config.file === null ? [] : [path.resolve(root, config.file)],
    ),
  ]);
  for (const dir of loaded.roots.directoryListings?.keys() ?? []) {
    const manifest = path.join(dir, "package.json");
    if (readStamped(manifest) !== undefined) inputs.add(manifest);
  }
  return inputs;
}

/** What an analysis read from the disk beyond its program (project/disk-existence.ts, disk-sources.ts). */
export interface BeyondProgram {
  /** The folders listed to tell whether a file exists: absolute folder -> listing digest. */
  readonly listings: ReadonlyMap<string, string>;
  /** The files read: absolute file -> stamp (null: none); undefined when one could not be read. */
  readonly files: ReadonlyMap<string, FileStamp | null> | undefined;
}

/**
 * The record for an index whose bytes are `indexBytes` (and affected facts whose bytes are
 * `affectedBytes`), computed from `loaded` and what its analysis read `beyond` it; undefined
 * when freshness cannot be proven later (the folders were not recorded, a file beyond the
 * program could not be read, or a configuration file changed while the project loaded).
 */
export function freshnessRecord(
  loaded: LoadedProject,
  indexBytes: string,
  before: ReadonlyMap<string, FileStamp | null>,
  beyond: BeyondProgram,
  affectedBytes?: string,
): FreshnessRecord | undefined {
  const listings = loaded.roots.directoryListings;
  if (listings === undefined || beyond.files === undefined) return undefined;
  const { root, program } = loaded;
  const files = new Map<string, RecordedFile>();
  const directories = new Map<string, RecordedDirectory>();

  for (const file of configurationInputs(loaded, before)) {
    const now = readStamped(file)?.stamp ?? null;
    const earlier = before.get(file);
    if (earlier !== undefined && !sameStamp(earlier, now)) return undefined;
    files.set(file, { path: recordedPath(root, file), stamp: now });
  }
  // What the Vitest config reader read (the configs a `projects` glob names too), as it read it.
  const vitest = loaded.vitest.inputs.recorded();
  if (vitest === undefined) return undefined;
  for (const [file, stamp] of vitest.files) {
    const absolute = path.resolve(file);
    if (!files.has(absolute)) files.set(absolute, { path: recordedPath(root, absolute), stamp });
  }

  const directoriesToList = new Set<string>();
  for (const sourceFile of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(sourceFile)) continue;
    const file = path.resolve(sourceFile.fileName);
    if (files.has(file)) continue;
    files.set(file, {
      path: recordedPath(root, file),
      stamp: stampOfProgramText(file, sourceFile.text),
    });
    if (!isInNodeModules(file)) directoriesToList.add(path.dirname(file));
  }

  for (const [dir, listing] of listings)
    directories.set(dir, { path: recordedPath(root, dir), listing });
  if (!recordBeyond(root, beyond.listings, beyond.files, { files, directories })) return undefined;
  for (const dir of vitest.folders) directoriesToList.add(path.resolve(dir));
  // A Vitest config created beside the others (vitest.e2e.config.ts) shows in the root's listing.
  directoriesToList.add(path.resolve(root));
  for (const dir of directoriesToList) {
    if (!directories.has(dir))
      directories.set(dir, {
        path: recordedPath(root, dir),
        listing: listingDigest(listDirectory(dir)),
      });
  }

  // Listed after the reader looked: a change between the two would be recorded as the state read.
  if (loaded.vitest.inputs.changed()) return undefined;

  const byPath = <T extends { path: string }>(items: Iterable<T>): T[] =>
    [...items].sort((a, b) => compareText(a.path, b.path));
  return {
    format: FRESHNESS_FORMAT,
    analyzer: analyzerIdentity(),
    tsconfig: recordedPath(root, loaded.tsconfigFile),
    index: sha256(indexBytes),
    files: byPath(files.values()),
    directories: byPath(directories.values()),
    problems: problemLines(loaded.problems),
    affected: affectedBytes === undefined ? null : sha256(affectedBytes),
  };
}

/**
 * Adds what the analysis read beyond the program (whether a feature's entries exist, a
 * descriptor the tsconfig leaves out), as the analysis read it; false when the load or the
 * program saw one otherwise: it changed while the analysis ran, and nothing vouches for either.
 */
function recordBeyond(
  root: string,
  listings: ReadonlyMap<string, string>,
  stamps: ReadonlyMap<string, FileStamp | null>,
  into: { files: Map<string, RecordedFile>; directories: Map<string, RecordedDirectory> },
): boolean {
  for (const [dir, listing] of listings) {
    const earlier = into.directories.get(dir);
    if (earlier !== undefined && earlier.listing !== listing) return false;
    into.directories.set(dir, { path: recordedPath(root, dir), listing });
  }
  for (const [file, stamp] of stamps) {
    const earlier = into.files.get(file);
    if (earlier !== undefined && !sameStamp(earlier.stamp, stamp)) return false;
    into.files.set(file, { path: recordedPath(root, file), stamp });
  }
  return true;
}

/**
 * The stamp of a file whose text the program holds: its stat when the disk still has that text;
 * else a stamp that makes the next check read it (and find it changed unless it is put back).
 */
function stampOfProgramText(file: string, text: string): FileStamp {
  const disk: StampedText | undefined = readStamped(file);
  const programHash = sha256(text);
  if (disk !== undefined && disk.stamp.sha256 === programHash) return disk.stamp;
  return { size: -1, mtimeMs: -1, ctimeMs: -1, sha256: programHash };
}
