// Vite's `import.meta.glob("../orders/*.ts")` (and `globEager`) loads every file its patterns
// match, with no import statement to follow: each matched file is a dependency like an import's.
import path from "node:path";
import picomatch from "picomatch";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { entryIsFile, folderEntries } from "../../../schema/folder-listings.js";
import { toPosix } from "../../../schema/paths.js";
import { staticString } from "./constant-string.js";
import { isImportMeta } from "./import-meta.js";

/** One positive pattern of a glob call and the files it loads. */
export interface GlobbedFiles {
  /** The pattern as written. */
  readonly pattern: string;
  /** Its string literal (where reports point). */
  readonly literal: TSESTree.Node;
  /** The files it matches and no negative pattern excludes (absolute, sorted). */
  readonly files: readonly string[];
}

const GLOB_CALLS = new Set(["glob", "globEager"]);
/** A character with a meaning in a glob (picomatch's syntax). */
const GLOB_SYNTAX = /[*?[\]{}()!+@]/u;
/** Folders a glob never reaches into, as Vite's (fast-glob's) defaults leave them out. */
const SKIPPED = new Set(["node_modules", ".git"]);
/** At most this many folders are read for one pattern: a glob of the whole disk is no import. */
const MAX_FOLDERS = 2000;

/** The `import.meta.glob(...)` call an `import.meta` node starts, if it is one. */
export function viteGlobCall(meta: TSESTree.MetaProperty): TSESTree.CallExpression | undefined {
  if (!isImportMeta(meta)) return undefined;
  const member = meta.parent;
  if (
    member?.type !== AST_NODE_TYPES.MemberExpression ||
    member.object !== meta ||
    member.computed ||
    member.property.type !== AST_NODE_TYPES.Identifier ||
    !GLOB_CALLS.has(member.property.name)
  )
    return undefined;
  const call = member.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee === member ? call : undefined;
}

/** The call's patterns that are literals, each with its literal (negatives start with "!"). */
export function globPatterns(
  call: TSESTree.CallExpression,
): { readonly pattern: string; readonly literal: TSESTree.Node }[] {
  const [first] = call.arguments;
  if (!first) return [];
  const literals = first.type === AST_NODE_TYPES.ArrayExpression ? first.elements : [first];
  const patterns: { pattern: string; literal: TSESTree.Node }[] = [];
  for (const literal of literals) {
    const pattern = literal ? staticString(literal) : undefined;
    if (literal && pattern !== undefined) patterns.push({ pattern, literal });
  }
  return patterns;
}

/**
 * The `base` option of a glob call (`{ base: "./locales" }`): the folder its relative patterns
 * start at instead of the file's; undefined without one, null when it is no literal (then where
 * they start cannot be known).
 */
export function globBase(call: TSESTree.CallExpression): string | null | undefined {
  const options = call.arguments[1];
  if (options === undefined) return undefined;
  if (options.type !== AST_NODE_TYPES.ObjectExpression) return null;
  let base: string | null | undefined;
  for (const property of options.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement) return null;
    const key = property.computed ? undefined : property.key;
    const name =
      key?.type === AST_NODE_TYPES.Identifier
        ? key.name
        : key?.type === AST_NODE_TYPES.Literal
          ? String(key.value)
          : undefined;
    if (name === undefined) return null;
    if (name === "base") base = staticString(property.value) ?? null;
  }
  return base;
}

/**
 * The files each positive pattern of `call` loads, written in `fromFile` of the project at
 * `root`, as Vite resolves them: relative patterns from the file's folder (or from the call's
 * `base`: "./x" from the file's, "/x" from the root), "/x" and patterns that start with `**`
 * from the root, an alias by what `aliases` maps it to (the tsconfig's `paths`: Vite's own
 * aliases live in a config file that would have to run, and projects mirror them there). A bare
 * pattern that no alias maps, and a relative one under a `base` that is no literal, is not
 * followed. Folders are read from the static part of the pattern down, at most MAX_FOLDERS.
 */
export function globbedFiles(
  call: TSESTree.CallExpression,
  fromFile: string,
  root: string,
  aliases: (pattern: string) => readonly string[] | undefined = () => undefined,
): GlobbedFiles[] {
  const rootDir = toPosix(root);
  const base = globBase(call);
  const fileDir = toPosix(path.dirname(fromFile));
  const dir =
    base === undefined || base === null
      ? fileDir
      : base.startsWith("/")
        ? path.posix.join(rootDir, base)
        : path.posix.resolve(fileDir, base);
  const absolute = (pattern: string): readonly string[] => {
    if (pattern.startsWith("./") || pattern.startsWith("../"))
      return base === null ? [] : [path.posix.join(dir, pattern)];
    if (pattern.startsWith("/")) return [path.posix.join(rootDir, pattern)];
    if (pattern.startsWith("**")) return [path.posix.join(rootDir, pattern)];
    return aliases(pattern)?.map(toPosix) ?? [];
  };
  const patterns = globPatterns(call);
  const negatives = patterns
    .filter(({ pattern }) => pattern.startsWith("!"))
    .flatMap(({ pattern }) => absolute(pattern.slice(1)));
  const excluded = negatives.length > 0 ? picomatch(negatives) : () => false;
  const found: GlobbedFiles[] = [];
  for (const { pattern, literal } of patterns) {
    if (pattern.startsWith("!")) continue;
    const globs = absolute(pattern);
    if (globs.length === 0) continue;
    const files = new Set<string>();
    for (const glob of globs) {
      const matches = picomatch(glob);
      for (const file of filesUnder(staticBase(glob), glob.includes("**"), depthOf(glob)))
        if (matches(file) && !excluded(file)) files.add(file);
    }
    found.push({ pattern, literal, files: [...files].sort() });
  }
  return found;
}

/** The folder a glob's static segments name ("/a/b" of "/a/b/*.ts"). */
export function staticBase(glob: string): string {
  const segments = glob.split("/");
  const at = segments.findIndex((segment) => GLOB_SYNTAX.test(segment));
  return at === -1 ? path.posix.dirname(glob) : segments.slice(0, at).join("/") || "/";
}

/** How many segments a glob has (without `**`, its files lie no deeper). */
export function depthOf(glob: string): number {
  return glob.split("/").length;
}

/** The files below `base`, down to `depth` segments (any depth with `deep`). */
export function filesUnder(base: string, deep: boolean, depth: number): string[] {
  const files: string[] = [];
  const pending = [base];
  let read = 0;
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    if (++read > MAX_FOLDERS) break;
    const below = folder.split("/").length + 1;
    for (const entry of folderEntries(folder) ?? []) {
      const child = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && (deep || below < depth)) pending.push(child);
      } else if (entryIsFile(folder, entry)) files.push(child);
    }
  }
  return files;
}

const GLOB_CALL_TEXT = /\bimport\s*\.\s*meta\s*\.\s*glob/u;

/** Whether a file's text may hold an `import.meta.glob(...)` call. */
export function mayGlobFiles(text: string): boolean {
  return GLOB_CALL_TEXT.test(text);
}
