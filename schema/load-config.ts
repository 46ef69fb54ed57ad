import { readFileSync, type Dirent } from "node:fs";
import path from "node:path";
import { describeAjvProblems, precompiledValidator } from "./ajv.js";
import { jsonLocator } from "./json-location.js";
import type { ValidateFunction } from "ajv";
import { diskRound } from "./disk-rounds.js";
import {
  clearFolderListings,
  derivedFromFolder,
  entryIsFile,
  folderEntries,
  isFile,
  statOrUndefined,
} from "./folder-listings.js";
import { findJsonSyntaxProblem } from "./json-position.js";
import { isFileDirectlyIn, toPosix } from "./paths.js";
import { refusalOf } from "./read-project-file.js";
import configSchema from "./config.v1.schema.json" with { type: "json" };

/** The placeholder for a feature's id in `features.contract` and `features.descriptor`. */
export const FEATURE_ID_PLACEHOLDER = "{id}";

/** The file name the loader looks for, walking up from a source file. */
export const CONFIG_FILE_NAME = "agentix.config.json";

/** Categories of ambient capability, in the order they are documented. */
export const AMBIENT_CATEGORIES = [
  "network",
  "environment",
  "clock",
  "randomness",
  "filesystem",
  "process",
  "database",
] as const;
export type AmbientCategory = (typeof AMBIENT_CATEGORIES)[number];

/** `check: false` is `"off"` in the file; `allow` adds globs where the category is allowed. */
export type AmbientPolicy =
  { readonly check: false } | { readonly check: true; readonly allow: readonly string[] };

/** A rule's severity in agentix.config.json `rules`. */
export type RuleSeverity = "off" | "warn" | "error";

/** The effective configuration of one project: the file's values over the defaults. */
export interface AgentixConfig {
  /** Absolute path of the project root; every glob is relative to it (POSIX). */
  readonly root: string;
  /** Absolute path of the agentix.config.json read, or undefined when defaults apply. */
  readonly configFile: string | undefined;
  readonly features: {
    readonly directories: readonly string[];
    /** Allowed public entries, relative to a feature folder, in configured order; `{id}` is the feature's id. */
    readonly contract: readonly string[];
    /** The descriptor, relative to a feature folder; `{id}` is the feature's id. */
    readonly descriptor: string;
  };
  readonly adapters: readonly string[];
  readonly compositionRoots: readonly string[];
  readonly tests: readonly string[];
  /** Globs of files whose violations are not reported (by the plugin and the analyzer alike). */
  readonly ignores: readonly string[];
  /** What a non-literal import()/require() may load: globs of the files holding one -> globs of what they load. */
  readonly loads: Readonly<Record<string, readonly string[]>>;
  /** Severities by rule id (`agentix/no-private-imports`); a rule not listed is "error". */
  readonly rules: Readonly<Record<string, RuleSeverity>>;
  readonly ambient: Readonly<Record<AmbientCategory, AmbientPolicy>>;
}

/** The JSON shape of agentix.config.json v1 (see schema/config.v1.schema.json). */
export interface AgentixConfigFile {
  $schema?: string;
  features?: { directories?: string[]; contract?: string | string[]; descriptor?: string };
  adapters?: string[];
  compositionRoots?: string[];
  tests?: string[];
  ignores?: string[];
  loads?: Record<string, string[]>;
  rules?: Record<string, RuleSeverity>;
  ambient?: Partial<Record<AmbientCategory, "off" | { allow: string[] }>>;
}

export const DEFAULT_FEATURE_DIRECTORIES: readonly string[] = ["**/src/features/*"];
export const DEFAULT_CONTRACT = "contract.ts";
export const DEFAULT_DESCRIPTOR = "feature.ts";
export const DEFAULT_ADAPTERS: readonly string[] = ["**/src/adapters/**"];
export const DEFAULT_COMPOSITION_ROOTS: readonly string[] = ["**/src/main.ts", "**/src/app.ts"];
export const DEFAULT_TESTS: readonly string[] = [
  "**/*.{test,spec}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
  "**/*.e2e-spec.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
  // Cypress's specs (end-to-end and component), which import no test framework.
  "**/*.cy.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
  "**/__tests__/**",
];

/** One problem of a configuration file, where the file shows it when that is known. */
export interface ConfigProblem {
  /** Without the file's name: `/tests/0 must be string`, `malformed JSON: unexpected "]"`. */
  readonly message: string;
  /** 1-based; null when the problem has no place in the text (an unreadable file). */
  readonly line: number | null;
  /** 1-based, UTF-16 code units; null with `line`. */
  readonly column: number | null;
}

/**
 * A configuration problem, with a message meant for a person: file, line and column, JSON path,
 * fix; one line per problem.
 */
export class AgentixConfigError extends Error {
  override readonly name = "AgentixConfigError";
  constructor(
    /** Absolute path of the offending file. */
    readonly file: string,
    /** Each problem apart, with its place: what `agentix check` lists one by one. */
    readonly problems: readonly ConfigProblem[],
    /** JSON pointers of the invalid values, when the JSON parsed but broke the schema. */
    readonly pointers: readonly string[] = [],
  ) {
    const label = displayPath(file);
    super(
      problems
        .map(({ message, line, column }) =>
          line === null ? `${label}: ${message}` : `${label}:${line}:${column}: ${message}`,
        )
        .join("\n"),
    );
  }
}

/** A problem of a whole file (it cannot be read): no place in it. */
const unplaced = (message: string): ConfigProblem[] => [{ message, line: null, column: null }];

/**
 * A JSON pointer for a person: a key holding "/" or "~" is shown quoted, not escaped
 * (`/rules/"agentix/no-private-imports"`, where RFC 6901 writes `agentix~1no-private-imports`).
 */
function shownPointer(pointer: string): string {
  if (!pointer.includes("~")) return pointer;
  return pointer.replace(/[^/]*~[^/]*/gu, (segment) =>
    JSON.stringify(segment.replace(/~1/gu, "/").replace(/~0/gu, "~")),
  );
}

let validateConfig: ValidateFunction | undefined;

function validator(): ValidateFunction {
  validateConfig ??= precompiledValidator("config.v1", configSchema);
  return validateConfig;
}

/** The configuration that applies when a project has no agentix.config.json. */
export function defaultConfig(root: string): AgentixConfig {
  return resolveConfig({}, path.resolve(root), undefined);
}

/**
 * Validates a parsed agentix.config.json value and applies the defaults. `configFile` names the
 * file in errors; the project root is its directory. Given the file's `text`, each problem names
 * its line and column.
 */
export function parseConfig(value: unknown, configFile: string, text?: string): AgentixConfig {
  const validate = validator();
  if (!validate(value)) {
    const { found, omitted } = describeAjvProblems(validate.errors, configSchema);
    const locate = text === undefined ? undefined : jsonLocator(text);
    const problems = found.map(({ pointer, text: problem, at }): ConfigProblem => {
      const position = locate?.(at.pointer, { key: at.key });
      return {
        message: `${shownPointer(pointer)} ${problem}`,
        line: position?.line ?? null,
        column: position?.column ?? null,
      };
    });
    throw new AgentixConfigError(
      configFile,
      omitted > 0 ? [...problems, ...unplaced(`and ${omitted} more problems`)] : problems,
      found.map((problem) => problem.pointer),
    );
  }
  return resolveConfig(
    value as AgentixConfigFile,
    path.dirname(path.resolve(configFile)),
    path.resolve(configFile),
  );
}

function resolveConfig(
  file: AgentixConfigFile,
  root: string,
  configFile: string | undefined,
): AgentixConfig {
  const ambient = {} as Record<AmbientCategory, AmbientPolicy>;
  for (const category of AMBIENT_CATEGORIES) {
    const setting = file.ambient?.[category];
    ambient[category] =
      setting === "off" ? { check: false } : { check: true, allow: setting?.allow ?? [] };
  }
  return {
    root,
    configFile,
    features: {
      directories: file.features?.directories ?? DEFAULT_FEATURE_DIRECTORIES,
      contract: [file.features?.contract ?? DEFAULT_CONTRACT].flat().map(toPosix),
      descriptor: toPosix(file.features?.descriptor ?? DEFAULT_DESCRIPTOR),
    },
    adapters: file.adapters ?? DEFAULT_ADAPTERS,
    compositionRoots: file.compositionRoots ?? DEFAULT_COMPOSITION_ROOTS,
    tests: file.tests ?? DEFAULT_TESTS,
    ignores: file.ignores ?? [],
    loads: { ...file.loads },
    rules: { ...file.rules },
    ambient,
  };
}

interface CachedConfig {
  /** The disk round (disk-rounds.ts) in which the file's stamp was last compared. */
  round: number;
  /** The disk round in which a folder's look-up (loadConfigForFile) last compared it. */
  foldersRound: number;
  readonly mtimeMs: number;
  readonly size: number;
  readonly result: AgentixConfig | AgentixConfigError;
}

const configCache = new Map<string, CachedConfig>();

/**
 * Reads, validates and resolves one agentix.config.json. Cached per file by path, mtime and
 * size (the stamp compared once per disk round), so an edited file is read again. Throws
 * AgentixConfigError (never a raw parse error).
 */
export function loadConfigFile(configFile: string): AgentixConfig {
  return unwrap(configFileAt(path.resolve(configFile), diskRound(), "round"));
}

/**
 * loadConfigFile for a caller that has just seen the file change (the analyzer's warm session
 * reloads on a new stamp): the stamp is compared now, not once per disk round.
 */
export function loadConfigFileNow(configFile: string): AgentixConfig {
  return unwrap(configFileAt(path.resolve(configFile), diskRound(), "now"));
}

/**
 * When configFileAt may answer without comparing the file's stamp: once anyone compared it this
 * round ("round"), once a folder's look-up did ("folders": the first folder a round asks about
 * compares it even right after loadConfigFile did, every other trusts that, where each of a
 * Next.js app's 837 folders compared it every round), or never ("now").
 */
type StampTrust = "round" | "folders" | "now";

/** loadConfigFile's work, comparing the file's stamp as `trust` says. */
function configFileAt(
  file: string,
  round: number,
  trust: StampTrust,
): AgentixConfig | AgentixConfigError {
  const cached = configCache.get(file);
  if (trust === "round" && cached?.round === round) return cached.result;
  if (trust === "folders" && cached?.foldersRound === round) return cached.result;
  const foldersRound = trust === "folders" ? round : (cached?.foldersRound ?? -1);
  const stats = statOrUndefined(file);
  if (!stats) {
    configCache.delete(file);
    return new AgentixConfigError(file, unplaced("cannot be read (no such file)"));
  }
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) {
    cached.round = round;
    cached.foldersRound = foldersRound;
    return cached.result;
  }
  let result: AgentixConfig | AgentixConfigError;
  try {
    let text: string;
    const refusal = refusalOf(stats);
    if (refusal !== undefined)
      throw new AgentixConfigError(file, unplaced(`cannot be read (${refusal})`));
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new AgentixConfigError(file, unplaced(`cannot be read (${code})`));
    }
    // A byte order mark (Windows editors write one) is not part of the JSON, as npm and tsc read it.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    result = parseConfig(parseJson(text, file), file, text);
  } catch (error) {
    if (!(error instanceof AgentixConfigError)) throw error;
    result = error;
  }
  configCache.set(file, {
    round,
    foldersRound,
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    result,
  });
  return result;
}

function unwrap(result: AgentixConfig | AgentixConfigError): AgentixConfig {
  if (result instanceof AgentixConfigError) throw result;
  return result;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const { line, column, reason } = findJsonSyntaxProblem(text);
    throw new AgentixConfigError(file, [{ message: `malformed JSON: ${reason}`, line, column }]);
  }
}

interface ProjectLocation {
  readonly root: string;
  readonly configFile: string | undefined;
}

/** Which project markers a folder holds, as of its mtime (creating or deleting one changes it). */
interface FolderMarkers {
  readonly hasConfig: boolean;
  readonly hasPackageJson: boolean;
}

const markersByFolder = new WeakMap<object, FolderMarkers>();

/**
 * A folder's markers, looked at again once per disk round by the folder's mtime (one `stat`,
 * shared with every other cache of folder facts: schema/folder-listings.ts). A folder whose
 * entries were read for that mtime (the plugin's feature-folder walk reads every folder of the
 * project) answers from them; another asks for the two files.
 */
function markersIn(dir: string): FolderMarkers {
  return derivedFromFolder(dir, markersByFolder, (mtimeMs, entries) => ({
    // Anything there by that name is the project's config, a folder or a FIFO too: reading it
    // then says why it cannot be used, as `agentix check` says (never the defaults, silently).
    hasConfig: mtimeMs !== -1 && holdsEntry(dir, CONFIG_FILE_NAME, entries),
    hasPackageJson: mtimeMs !== -1 && holdsFile(dir, "package.json", entries),
  }));
}

/** Whether `dir` holds an entry called `name` (a link: to something that exists), by its entries when known. */
function holdsEntry(dir: string, name: string, entries: readonly Dirent[] | undefined): boolean {
  const file = path.join(dir, name);
  const exists = () => statOrUndefined(file) !== undefined;
  if (entries === undefined) return exists();
  const entry = entries.find((candidate) => candidate.name === name);
  return entry !== undefined && (!entry.isSymbolicLink() || exists());
}

/** Whether `dir` holds a file (or a link to one) called `name`, by its entries when known. */
function holdsFile(dir: string, name: string, entries: readonly Dirent[] | undefined): boolean {
  if (entries === undefined) return isFile(path.join(dir, name));
  const entry = entries.find((candidate) => candidate.name === name);
  return entry !== undefined && entryIsFile(dir, entry);
}

/** The nearest folders at or above one that hold agentix.config.json and package.json. */
interface Above {
  readonly round: number;
  readonly configDir: string | undefined;
  readonly packageDir: string | undefined;
}

const aboveCache = new Map<string, Above>();

/**
 * The nearest markers at or above `dir`, from its own and its parent's answer (cached per disk
 * round): a lint run asks for every folder of a project, and each walking up to the file
 * system's root alone cost a look-up per ancestor.
 */
function markersAbove(dir: string, round: number, sourceFolder = false): Above {
  const known = aboveCache.get(dir);
  if (known?.round === round) return known;
  // A source folder's entries are read for its imports anyway (the plugin's file listings): one
  // read answers both markers, where asking for each cost a `stat` apiece.
  if (sourceFolder) folderEntries(dir);
  const markers = markersIn(dir);
  let above: Above;
  if (markers.hasConfig) above = { round, configDir: dir, packageDir: undefined };
  else {
    const parent = path.dirname(dir);
    const up = parent === dir ? undefined : markersAbove(parent, round);
    above = {
      round,
      configDir: up?.configDir,
      packageDir: markers.hasPackageJson ? dir : up?.packageDir,
    };
  }
  aboveCache.set(dir, above);
  return above;
}

function locate(dir: string, round: number): ProjectLocation {
  const { configDir, packageDir } = markersAbove(dir, round, true);
  return configDir !== undefined
    ? { root: configDir, configFile: path.join(configDir, CONFIG_FILE_NAME) }
    : { root: packageDir ?? nearestTsconfigDir(dir) ?? dir, configFile: undefined };
}

/** The nearest folder at or above `dir` holding tsconfig.json (asked only without the others). */
function nearestTsconfigDir(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    if (isFile(path.join(at, "tsconfig.json"))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * The project a file belongs to: the nearest ancestor directory holding agentix.config.json;
 * without one, the nearest directory holding package.json; without either, the nearest holding
 * tsconfig.json (the project `agentix check` analyses there: without it each file's folder was
 * its own project, and no features glob matched); else the file's own directory.
 * Each folder's answer is cached and looked at again once per disk round.
 */
export function findProject(fromFile: string): ProjectLocation {
  return locate(path.dirname(path.resolve(fromFile)), diskRound());
}

interface CachedForFolder {
  readonly round: number;
  readonly result: AgentixConfig | AgentixConfigError;
}

/** The effective configuration per source folder: one Map look-up per linted file. */
const folderConfigs = new Map<string, CachedForFolder>();

/** What path.resolve would change in an absolute path: "//", "/./", "/../", a trailing "/" (and on Windows, any "/"). */
const UNRESOLVED = path.sep === "/" ? /\/(?:\.\.?)?(?:\/|$)/u : /[\\/](?:\.\.?)?(?:[\\/]|$)|\//u;

/**
 * The effective configuration for a source file (see findProject and loadConfigFile). Asked for
 * every linted file: answered per folder, and looked at again once per disk round, so an
 * agentix.config.json edited, created or deleted during an editor session is seen.
 */
export function loadConfigForFile(file: string): AgentixConfig {
  const round = diskRound();
  // A lint run asks for a folder's files one after another: the folder asked last first.
  const last = lastFolder;
  if (last?.round === round && isFileDirectlyIn(last.dir, file)) return unwrap(last.result);
  // ESLint passes resolved paths, and path.resolve costs more than the rest of the look-up.
  const resolved = path.isAbsolute(file) && !UNRESOLVED.test(file) ? file : path.resolve(file);
  const dir = path.dirname(resolved);
  let known = folderConfigs.get(dir);
  if (known?.round !== round) {
    const location = locate(dir, round);
    const result =
      location.configFile !== undefined
        ? configFileAt(location.configFile, round, "folders")
        : defaultsFor(location.root);
    known = { round, result };
    folderConfigs.set(dir, known);
  }
  lastFolder = { dir, round, result: known.result };
  return unwrap(known.result);
}

/** The folder loadConfigForFile answered last, and its answer. */
let lastFolder:
  | { readonly dir: string; readonly round: number; readonly result: CachedForFolder["result"] }
  | undefined;

const defaultsCache = new Map<string, AgentixConfig>();

function defaultsFor(root: string): AgentixConfig {
  let config = defaultsCache.get(root);
  if (!config) {
    config = defaultConfig(root);
    defaultsCache.set(root, config);
  }
  return config;
}

/** Forgets every cached location and configuration (for long-lived processes and tests). */
export function clearConfigCaches(): void {
  lastFolder = undefined;
  configCache.clear();
  aboveCache.clear();
  folderConfigs.clear();
  defaultsCache.clear();
  clearFolderListings();
}

/** A path as people read it in messages: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)
    ? toPosix(relative)
    : file;
}
