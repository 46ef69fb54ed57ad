import { readFileSync, statSync } from "node:fs";
import { parse, type TSESTree } from "@typescript-eslint/typescript-estree";

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly program: TSESTree.Program | undefined;
  /** Results other modules derive from the tree, dropped with it when the file changes. */
  readonly derived: Map<string, unknown>;
}

const entries = new Map<string, Entry>();

function entryFor(file: string): Entry | undefined {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    entries.delete(file);
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const cached = entries.get(file);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
  let program: TSESTree.Program | undefined;
  try {
    program = parse(readFileSync(file, "utf8"), {
      loc: true,
      range: true,
      jsx: /\.[cm]?[jt]sx$/u.test(file),
      comment: false,
      errorOnUnknownASTType: false,
    });
  } catch {
    program = undefined; // a syntax error: callers treat the file as unknown
  }
  const entry: Entry = { mtimeMs: stats.mtimeMs, size: stats.size, program, derived: new Map() };
  entries.set(file, entry);
  return entry;
}

/** The ESTree of a project file (no parent pointers), parsed once per path + mtime + size. */
export function parsedFile(file: string): TSESTree.Program | undefined {
  return entryFor(file)?.program;
}

/**
 * A value computed from a file's tree, cached with it under `key` until the file changes.
 * `compute` receives the tree; `undefined` is returned when the file cannot be parsed.
 */
export function derivedFromFile<T>(file: string, key: string, compute: (program: TSESTree.Program) => T): T | undefined {
  const entry = entryFor(file);
  if (!entry?.program) return undefined;
  if (entry.derived.has(key)) return entry.derived.get(key) as T;
  const value = compute(entry.program);
  entry.derived.set(key, value);
  return value;
}

/** Forgets every parsed file. */
export function clearSourceCache(): void {
  entries.clear();
}
