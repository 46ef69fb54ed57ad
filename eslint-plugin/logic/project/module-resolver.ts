import path from "node:path";
import picomatch from "picomatch";
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";
import { mtimeOf } from "../../../schema/folder-listings.js";
import { isScriptFile } from "../../../schema/paths.js";
import { createFileExistence, type FileExistence } from "./file-existence.js";
import { bareSpecifierReach, resolutionKind, singleAliasTarget } from "./bare-specifier.js";
import { createNodeModulesHolders } from "./node-modules-holders.js";
import { createPackageNames } from "./package-name.js";
import { pathsSubstitutions } from "./paths-alias.js";
import { namesFolderOnly, resolveRelative } from "./relative-target.js";
import { isRelativeSpecifier } from "../ts-syntax.js";

/**
 * `import` for ES module syntax (static imports, re-exports, `import()`, `import type`,
 * `typeof import()`), `require` for `require()` and `import x = require()`.
 */
export type ResolutionKind = "import" | "require" | "dynamic-import";

/** Resolves a module specifier to an absolute path of a project file, or undefined. */
export type ModuleResolver = (
  specifier: string,
  fromFile: string,
  kind?: ResolutionKind,
) => string | undefined;

interface TsconfigEntry {
  readonly file: string | undefined;
  readonly mtimeMs: number;
  readonly options: ts.CompilerOptions;
  readonly cache: ts.ModuleResolutionCache;
  /** Whether a specifier that is neither relative nor absolute may resolve into the project. */
  readonly mayReachProject: (specifier: string, fromDir: string) => boolean;
  /** The files `paths` maps a bare specifier to, in TypeScript's order. */
  readonly substitutions: (specifier: string) => readonly string[] | undefined;
  readonly aliasTarget: (specifier: string, fromDir: string) => string | undefined;
  /** Classic resolution: a bare specifier is looked for in each folder up from the importer's. */
  readonly classic: boolean;
  /** Alias scopes (aliasScope) by package folder, then node_modules holder. */
  readonly scopes: Map<string, Map<string, object>>;
  readonly results: Map<string, string | null>;
  /** The disk round in which the tsconfig's mtime was last compared. */
  round: number;
}

const NO_TSCONFIG_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  noEmit: true,
};

const TS_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts"] as const;
const EXTENSIONLESS = [".ts", ".tsx"] as const;
const FOLDER_INDEXES = ["index.ts", "index.tsx"] as const;
const JS_TO_TS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

/** Raw tsconfigs read in a disk round: every folder of a project asks for its nearest one. */
const rawConfigs = new Map<string, { round: number; raw: Record<string, unknown> | undefined }>();

/** A tsconfig's raw JSON (comments allowed), or undefined; read once per disk round. */
function rawConfig(file: string): Record<string, unknown> | undefined {
  const round = diskRound();
  const known = rawConfigs.get(file);
  if (known?.round === round) return known.raw;
  const raw = readRawConfig(file);
  rawConfigs.set(file, { round, raw });
  return raw;
}

function readRawConfig(file: string): Record<string, unknown> | undefined {
  const { config } = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  return typeof config === "object" && config !== null
    ? (config as Record<string, unknown>)
    : undefined;
}

/**
 * When `solution` is a solution-style tsconfig (`files: []` and `references`, no `include`), the
 * referenced tsconfig whose `include` (or `files`) holds the folder `dir`; else undefined.
 */
export function referencedFor(solution: string, dir: string): string | undefined {
  const raw = rawConfig(solution);
  const files = raw?.["files"];
  const references = raw?.["references"];
  if (!Array.isArray(files) || files.length > 0 || raw?.["include"] !== undefined) return undefined;
  if (!Array.isArray(references)) return undefined;
  for (const reference of references) {
    const target = (reference as { path?: unknown } | null)?.path;
    if (typeof target !== "string") continue;
    let file = path.resolve(path.dirname(solution), target);
    if (!file.endsWith(".json")) file = path.join(file, "tsconfig.json");
    const config = rawConfig(file);
    if (config === undefined) continue;
    const base = path.dirname(file);
    const relative = path.relative(base, dir).split(path.sep).join("/");
    if (relative.startsWith("..")) continue;
    const include = Array.isArray(config["include"]) ? config["include"] : ["**/*"];
    const holds = include.some((pattern) => {
      if (typeof pattern !== "string") return false;
      const glob = pattern.replace(/^\.\//u, "").replace(/\/$/u, "");
      // A folder named as it is holds everything below it; a glob, the folders its folder part
      // matches (`src/**/*.ts`: src and below).
      if (!/[*?[{]/u.test(glob)) return relative === glob || relative.startsWith(`${glob}/`);
      const folders = glob.includes("/") ? glob.slice(0, glob.lastIndexOf("/")) : "";
      if (folders === "" || relative === "") return relative === "" && /^(\*\*)?$/u.test(folders);
      return picomatch(folders, { dot: true })(relative);
    });
    if (holds) return file;
  }
  return undefined;
}

const parseHost: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  // Only the compiler options matter here: never enumerate the project's files.
  readDirectory: () => [],
  fileExists: (file) => ts.sys.fileExists(file),
  readFile: (file) => ts.sys.readFile(file),
};

const resolutionHost: ts.ModuleResolutionHost = {
  fileExists: (file) => ts.sys.fileExists(file),
  readFile: (file) => ts.sys.readFile(file),
  directoryExists: (dir) => ts.sys.directoryExists(dir),
  realpath: ts.sys.realpath ? (file) => ts.sys.realpath!(file) : undefined,
  getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
} as ts.ModuleResolutionHost;

function canonical(file: string): string {
  return ts.sys.useCaseSensitiveFileNames ? file : file.toLowerCase();
}

/**
 * A resolver backed by TypeScript's own `ts.resolveModuleName`, with the compiler options of the
 * nearest tsconfig.json (extends, `paths`, NodeNext `.js` -> `.ts`, directory index) and one
 * ModuleResolutionCache per tsconfig. Package imports resolve to undefined. A relative specifier
 * TypeScript cannot resolve (a file not written yet, an extensionless ESM import) falls back to
 * lexical resolution, so boundaries are still checked.
 */
export function createModuleResolver(
  /** Folder listings to answer from: shared with the caller's, each folder is read once. */
  exists: FileExistence = createFileExistence(),
): ModuleResolver & {
  /** The one path a `paths` alias can name (bare-specifier.ts `singleAliasTarget`). */
  aliasTarget(specifier: string, fromFile: string): string | undefined;
  /**
   * The TypeScript file TypeScript finds first at an absolute path (`x.js` -> x.ts, `x` -> x.ts,
   * x.tsx, x/index.ts), when found there; undefined when TypeScript would look further.
   */
  directFile(target: string): string | undefined;
  /**
   * The same object for every file whose bare specifiers resolve alike, aliases (`aliasTarget`)
   * and packages: one tsconfig (as of this disk round), one package.json (its name, `type`,
   * `imports`), and one nearest folder that may hold node_modules on the way up to the
   * package's (as of this disk round). Under Classic resolution, which looks for a bare
   * specifier in each folder up from the importer's, one object per folder.
   */
  aliasScope(fromFile: string): object;
  /** The compiler options of the tsconfig nearest the file (its resolution's). */
  compilerOptionsFor(fromFile: string): ts.CompilerOptions;
  clear(): void;
} {
  const tsconfigOfDir = new Map<string, string | null>();
  const tsconfigFileOfDir = new Map<string, string | null>();
  const entries = new Map<string, TsconfigEntry>();
  const packageName = createPackageNames(exists);

  function nearestTsconfigFile(dir: string): string | null {
    const known = tsconfigFileOfDir.get(dir);
    if (known !== undefined) return known;
    const candidate = path.join(dir, "tsconfig.json");
    const parent = path.dirname(dir);
    // From the folder's listing: a lint reads the listing of every folder it lints anyway.
    const found = exists(candidate)
      ? candidate
      : parent === dir
        ? null
        : nearestTsconfigFile(parent);
    tsconfigFileOfDir.set(dir, found);
    return found;
  }

  /**
   * The tsconfig whose options a folder's files are compiled with: the nearest tsconfig.json,
   * or, when that is a solution (Vite's `{ "files": [], "references": [...] }`), the referenced
   * one whose `include` holds the folder (its `paths` are the ones the code uses).
   */
  function nearestTsconfig(dir: string): string | null {
    const known = tsconfigOfDir.get(dir);
    if (known !== undefined) return known;
    const nearest = nearestTsconfigFile(dir);
    const found = (nearest === null ? undefined : referencedFor(nearest, dir)) ?? nearest;
    tsconfigOfDir.set(dir, found);
    return found;
  }

  function load(file: string | null): TsconfigEntry {
    const key = file ?? "";
    const round = diskRound();
    const cached = entries.get(key);
    if (cached && (file === null || cached.round === round)) return cached;
    const mtimeMs = file === null ? 0 : mtimeOf(file);
    if (cached && cached.mtimeMs === mtimeMs) {
      cached.round = round;
      return cached;
    }
    let options = NO_TSCONFIG_OPTIONS;
    if (file !== null) {
      const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
      if (read.config !== undefined) {
        options = ts.parseJsonConfigFileContent(
          read.config,
          parseHost,
          path.dirname(file),
          undefined,
          file,
        ).options;
      }
    }
    const cwd = file === null ? ts.sys.getCurrentDirectory() : path.dirname(file);
    const entry: TsconfigEntry = {
      file: file ?? undefined,
      mtimeMs,
      options,
      cache: ts.createModuleResolutionCache(cwd, canonical, options),
      mayReachProject: bareSpecifierReach(options, { namesIn: exists.namesIn, packageName }),
      substitutions: pathsSubstitutions(options),
      aliasTarget: singleAliasTarget(options, { packageName }),
      classic: resolutionKind(options) === ts.ModuleResolutionKind.Classic,
      scopes: new Map(),
      results: new Map(),
      round,
    };
    entries.set(key, entry);
    return entry;
  }

  const holdersOf = createNodeModulesHolders();
  /**
   * The nearest folder at or above `dir`, up to `packageDir`, that may hold node_modules ("" when
   * none does): a package specifier is looked for in every node_modules up from the importer's
   * folder, so two folders of one package below the same holder find the same (those above the
   * package's folder are the same for all of its folders).
   */
  function nodeModulesHolder(dir: string, packageDir: string): string {
    const nearest = holdersOf(dir)[0];
    return nearest !== undefined &&
      (packageDir === "" || nearest === packageDir || nearest.startsWith(packageDir + path.sep))
      ? nearest
      : "";
  }

  const formats = new Map<string, ts.ResolutionMode>();
  function modeFor(
    entry: TsconfigEntry,
    fromFile: string,
    kind: ResolutionKind,
  ): ts.ResolutionMode {
    if (kind === "require") return ts.ModuleKind.CommonJS;
    if (kind === "dynamic-import") return ts.ModuleKind.ESNext;
    const key = `${entry.file ?? ""}\0${fromFile}`;
    const known = formats.get(key);
    if (known !== undefined || formats.has(key)) return known;
    const format = ts.getImpliedNodeFormatForFile(
      fromFile as ts.Path,
      entry.cache.getPackageJsonInfoCache(),
      resolutionHost,
      entry.options,
    );
    const mode = format === ts.ModuleKind.CommonJS ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
    formats.set(key, mode);
    return mode;
  }

  // A lint run asks about the same targets thousands of times: an answer is reused for as long
  // as the folder listings it was read from stay the same (namesIn gives the same set until a
  // folder's mtime changes), looked at again once per disk round.
  interface DirectAnswer {
    round: number;
    readonly file: string | undefined;
    /** The listings read: the target's folder, and the target as a folder when it was looked into. */
    readonly parent: ReadonlySet<string> | undefined;
    readonly folder: ReadonlySet<string> | undefined;
  }
  const directAnswers = new Map<string, DirectAnswer>();
  const stillValid = (known: DirectAnswer, target: string): boolean =>
    known.parent !== undefined &&
    exists.namesIn(path.dirname(target)) === known.parent &&
    (known.folder === undefined || exists.namesIn(target) === known.folder);
  /** The TypeScript file a path with a JavaScript or TypeScript extension names, when it exists. */
  const directFile = (target: string): string | undefined => {
    const round = diskRound();
    const known = directAnswers.get(target);
    if (known && (known.round === round || stillValid(known, target))) {
      known.round = round;
      return known.file;
    }
    const extension = path.extname(target);
    const candidates =
      JS_TO_TS[extension] ??
      ((TS_EXTENSIONS as readonly string[]).includes(extension) ? [extension] : undefined);
    let file: string | undefined;
    let lookedIntoFolder = false;
    if (candidates) {
      const base = target.slice(0, -extension.length);
      file = candidates.map((candidate) => base + candidate).find((candidate) => exists(candidate));
    } else {
      // Extensionless ("./model", "./app.service") or a folder ("./internal"), as real code
      // writes them: TypeScript tries x.ts, x.tsx, x.d.ts, then the folder (its package.json,
      // then index.ts, index.tsx). Answered here when that order is plain; else TypeScript.
      file = EXTENSIONLESS.map((candidate) => target + candidate).find((candidate) =>
        exists(candidate),
      );
      if (file === undefined && !exists(`${target}.d.ts`)) {
        lookedIntoFolder = true;
        if (!exists(path.join(target, "package.json")))
          file = FOLDER_INDEXES.map((index) => path.join(target, index)).find((candidate) =>
            exists(candidate),
          );
      }
    }
    directAnswers.set(target, {
      round,
      file,
      parent: exists.namesIn(path.dirname(target)),
      folder: lookedIntoFolder ? exists.namesIn(target) : undefined,
    });
    return file;
  };

  const resolve = (
    specifier: string,
    fromFile: string,
    kind: ResolutionKind = "import",
  ): string | undefined => {
    // A bundler's query or fragment (`./worker.ts?worker`, `@/logo.svg?react`) is no part of the
    // file: the import is of the file before it (`#x` at the start is a package import).
    const query = specifier.search(QUERY);
    if (query > 0) return resolve(specifier.slice(0, query), fromFile, kind);
    const relative = isRelativeSpecifier(specifier);
    const dir = path.dirname(fromFile);
    if (relative) {
      // The common case, answered without TypeScript: a relative specifier with an extension
      // whose TypeScript file exists ("./x.js" -> "./x.ts", "./x.ts"). TypeScript's resolution
      // looks for the same file first, so the answer is the same.
      const direct = namesFolderOnly(specifier)
        ? undefined
        : directFile(resolveRelative(dir, specifier));
      if (direct !== undefined) return direct;
    }
    const entry = load(nearestTsconfig(dir));
    if (!relative) {
      if (!entry.mayReachProject(specifier, dir)) return undefined;
      // The same shortcut for a `paths` alias: TypeScript tries its first substitution first.
      const candidate = entry.substitutions(specifier)?.[0];
      const direct = candidate === undefined ? undefined : directFile(candidate);
      if (direct !== undefined) return direct;
    }
    const mode = modeFor(entry, fromFile, kind);
    const key = `${mode ?? ""}\0${dir}\0${specifier}`;
    const known = entry.results.get(key);
    if (known !== undefined) return known ?? undefined;
    const { resolvedModule } = ts.resolveModuleName(
      specifier,
      fromFile,
      entry.options,
      resolutionHost,
      entry.cache,
      undefined,
      mode,
    );
    let result: string | undefined;
    if (resolvedModule && !resolvedModule.isExternalLibraryImport)
      result = path.resolve(resolvedModule.resolvedFileName);
    else if (relative) result = resolveLexically(specifier, dir);
    // A `paths` alias to a stylesheet or an image (`@/features/ui/theme.css`), which TypeScript
    // resolves to no file: the first substitution that exists, as a bundler finds it.
    else
      result = entry
        .substitutions(specifier)
        ?.find((candidate) => !isScriptFile(candidate) && exists(candidate));
    entry.results.set(key, result ?? null);
    return result;
  };

  return Object.assign(resolve, {
    aliasTarget(specifier: string, fromFile: string): string | undefined {
      if (isRelativeSpecifier(specifier)) return undefined;
      const dir = path.dirname(fromFile);
      // Asked for every bare specifier of every file: answered from the tsconfig's substitutions
      // by specifier and the package name by folder, both cached.
      return load(nearestTsconfig(dir)).aliasTarget(specifier, dir);
    },
    directFile,
    aliasScope(fromFile: string): object {
      const dir = path.dirname(fromFile);
      const entry = load(nearestTsconfig(dir));
      // Classic: one scope per folder (the folder in the place of the package).
      const packageDir = entry.classic ? dir : (packageName.folderOf(dir) ?? "");
      const holder = entry.classic ? "" : nodeModulesHolder(dir, packageDir);
      let byHolder = entry.scopes.get(packageDir);
      if (byHolder === undefined) entry.scopes.set(packageDir, (byHolder = new Map()));
      let scope = byHolder.get(holder);
      if (scope === undefined) byHolder.set(holder, (scope = {}));
      return scope;
    },
    compilerOptionsFor(fromFile: string): ts.CompilerOptions {
      return load(nearestTsconfig(path.dirname(fromFile))).options;
    },
    clear() {
      tsconfigOfDir.clear();
      tsconfigFileOfDir.clear();
      rawConfigs.clear();
      entries.clear();
      exists.clear();
      packageName.clear();
      directAnswers.clear();
      formats.clear();
      holdersOf.clear();
    },
  });
}

/** Where a bundler's query or fragment starts in a specifier. */
const QUERY = /[?#]/u;

/**
 * A relative specifier TypeScript did not resolve: an existing file (by its TypeScript
 * counterpart, as is, with an extension added, or as a directory index), else the file it
 * would be lexically (`x.js` -> `x.ts`, `dir` -> `dir/index.ts`, `x` -> `x.ts`, `x.css` as is).
 */
export function resolveLexically(specifier: string, fromDir: string): string {
  const target = path.resolve(fromDir, specifier);
  const indexes = TS_EXTENSIONS.map((ext) => path.join(target, `index${ext}`));
  // A folder only (".", "../x/"): its index, never the file beside it of its name.
  if (namesFolderOnly(specifier))
    return (
      indexes.find((candidate) => ts.sys.fileExists(candidate)) ?? path.join(target, "index.ts")
    );
  const extension = path.extname(target);
  const mapped = JS_TO_TS[extension]?.map((ext) => target.slice(0, -extension.length) + ext) ?? [];
  const candidates = [...mapped, target, ...TS_EXTENSIONS.map((ext) => target + ext), ...indexes];
  for (const candidate of candidates) {
    if (ts.sys.fileExists(candidate)) return candidate;
  }
  if (mapped[0] !== undefined) return mapped[0];
  // A file with another extension (".css", ".json") is named as written.
  if (extension !== "" && !ts.sys.directoryExists(target)) return target;
  if (ts.sys.directoryExists(target)) return path.join(target, "index.ts");
  return `${target}.ts`;
}
