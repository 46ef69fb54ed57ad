import { readFileSync, statSync } from "node:fs";
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";

interface Entry {
  /** The disk round (schema/disk-rounds.ts) in which the file's stamp was last compared. */
  round: number;
  readonly mtimeMs: number;
  readonly size: number;
  /** The file's text; undefined when it cannot be read. */
  readonly text: string | undefined;
  /** Its tree, parsed when first asked for (null: not yet). */
  program: ts.SourceFile | undefined | null;
  /** Results other modules derive from the tree, dropped with it when the file changes. */
  readonly derived: Map<string, unknown>;
}

const entries = new Map<string, Entry>();

/**
 * A file's entry, its stamp compared once per disk round: a lint run reads each descriptor and
 * contract for hundreds of files.
 */
function entryFor(file: string): Entry | undefined {
  const round = diskRound();
  const recent = entries.get(file);
  if (recent?.round === round) return recent;
  let stats;
  try {
    stats = statSync(file);
  } catch {
    entries.delete(file);
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const cached = entries.get(file);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) {
    cached.round = round;
    return cached;
  }
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined; // unreadable: callers treat the file as unknown
  }
  const entry: Entry = {
    round,
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    text,
    program: null,
    derived: new Map(),
  };
  entries.set(file, entry);
  return entry;
}

/** An entry's tree, parsed on first use. */
function programOf(file: string, entry: Entry): ts.SourceFile | undefined {
  if (entry.program === null)
    entry.program = entry.text === undefined ? undefined : parseSourceText(file, entry.text);
  return entry.program;
}

/**
 * A file's text, read once per path + mtime + size like its tree (which is parsed only when
 * asked for): a text test can spare the parse.
 */
export function cachedText(file: string): string | undefined {
  return entryFor(file)?.text;
}

/**
 * TypeScript's own syntax tree of a file's text (no ESTree conversion: summaries of other files
 * need only their top-level statements, and conversion would triple the cost).
 */
export function parseSourceText(file: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?tsx$/u.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?jsx?$/u.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  // Summaries read statements, never JSDoc: skipping it is part of why they are cheap.
  return ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    kind,
  );
}

/** The syntax tree of a project file, parsed once per path + mtime + size. */
export function parsedFile(file: string): ts.SourceFile | undefined {
  const entry = entryFor(file);
  return entry && programOf(file, entry);
}

/**
 * A value computed from a file's tree, cached with it under `key` until the file changes.
 * `compute` receives the tree; `undefined` is returned when the file cannot be parsed.
 */
export function derivedFromFile<T>(
  file: string,
  key: string,
  compute: (source: ts.SourceFile) => T,
): T | undefined {
  const entry = entryFor(file);
  const program = entry && programOf(file, entry);
  if (!entry || !program) return undefined;
  if (entry.derived.has(key)) return entry.derived.get(key) as T;
  const value = compute(program);
  entry.derived.set(key, value);
  return value;
}

const derivedOfSources = new WeakMap<ts.SourceFile, Map<string, unknown>>();

/**
 * A value computed from a syntax tree someone else parsed (an analyzer's program), cached with
 * the tree under `key`: the tree is the file as that program read it, so nothing is re-read.
 */
export function derivedFromSource<T>(
  source: ts.SourceFile,
  key: string,
  compute: (source: ts.SourceFile) => T,
): T {
  let derived = derivedOfSources.get(source);
  if (!derived) {
    derived = new Map();
    derivedOfSources.set(source, derived);
  }
  if (derived.has(key)) return derived.get(key) as T;
  const value = compute(source);
  derived.set(key, value);
  return value;
}

/**
 * The trees of files a caller already parsed, by absolute path (undefined for any other file:
 * it is read from the disk). An analyzer passes its program's files.
 */
export type SourceProvider = (file: string) => ts.SourceFile | undefined;

/** `derivedFromFile`, answered from `provider`'s tree when it has the file. */
export function derivedFromProvided<T>(
  provider: SourceProvider | undefined,
  file: string,
  key: string,
  compute: (source: ts.SourceFile) => T,
): T | undefined {
  const source = provider?.(file);
  return source ? derivedFromSource(source, key, compute) : derivedFromFile(file, key, compute);
}

/** Forgets every parsed file. */
export function clearSourceCache(): void {
  entries.clear();
}
