import { statSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { throughLinks } from "../project/compiler-host.js";
import type { LoadedProject, ProjectFile } from "../project/load-project.js";
import { isInNodeModules, relativeToRoot } from "../project/paths.js";
import { isScriptFile, isTypeScriptSource } from "../../schema/paths.js";
import { isAgentixModule, isRelativeSpecifier } from "../project/ts-syntax.js";
import { packageName } from "../../eslint-plugin/logic/project/specifier-package.js";
import { pathsSubstitutions } from "../../eslint-plugin/logic/project/paths-alias.js";

/** Where a module specifier leads. */
export type ModuleTarget =
  | { readonly kind: "file"; readonly file: ProjectFile }
  | {
      readonly kind: "package";
      readonly name: string;
      /**
       * The TypeScript file outside the project (absolute) that a bare specifier resolved to
       * without being a package (a paths alias into another workspace package's sources): the
       * boundary rules judge it by that package's features.
       */
      readonly outsideFile?: string;
    }
  | { readonly kind: "builtin"; readonly name: string }
  /** Resolved to a file outside the project root (not a package): outside what the index covers. */
  | { readonly kind: "outside" }
  /**
   * A file of the project that is not TypeScript (`./globals.css`, `./logo.svg`, `.json`):
   * a bundler or loader handles it; agentix records the edge, `path` repository-relative.
   */
  | { readonly kind: "asset"; readonly path: string }
  | { readonly kind: "unresolved" };

/**
 * Resolutions kept from an earlier analysis, per importing SourceFile (the warm session's
 * FileFactsCache): where a specifier leads depends on the files that exist, not on what they say,
 * so they stay right until a file is created or deleted. A project file is kept by its name (the
 * current program's ProjectFile is looked up); only file, package and builtin targets are kept:
 * the others depend on files outside the project's sources (assets, folders), which the session
 * does not watch.
 */
export interface ResolutionStore {
  resolutionsOf(sourceFile: ts.SourceFile): Map<string, KeptResolution>;
}

export type KeptResolution = string | Extract<ModuleTarget, { kind: "package" | "builtin" }>;

/** `ts.Program` exposes the resolutions it already made through this (internal, stable since 5.3) method. */
export interface ProgramWithResolutions {
  getResolvedModule?(
    file: ts.SourceFile,
    moduleName: string,
    mode: ts.ResolutionMode,
  ): ts.ResolvedModuleWithFailedLookupLocations | undefined;
}

export { packageName };

/**
 * Resolves module specifiers the way the program did, without the type checker: the program's
 * own resolutions where it made them (static imports, literal `import()`), else
 * `ts.resolveModuleName` with `program.getModeForUsageLocation` and one shared cache.
 * Node built-ins are classified with `isBuiltin` from node:module.
 */
export class ModuleResolver {
  private readonly cache: ts.ModuleResolutionCache;
  private readonly memo = new Map<string, ModuleTarget>();
  private readonly programResolutions: ProgramWithResolutions;
  /** The tsconfig's `paths` substitutions, once an alias is asked for (an asset's). */
  private substitutions: ((specifier: string) => readonly string[] | undefined) | undefined;

  constructor(
    private readonly loaded: LoadedProject,
    private readonly kept?: ResolutionStore,
  ) {
    const options = loaded.compilerOptions;
    this.cache = ts.createModuleResolutionCache(
      loaded.root,
      (file) => (ts.sys.useCaseSensitiveFileNames ? file : file.toLowerCase()),
      options,
    );
    this.programResolutions = loaded.program as unknown as ProgramWithResolutions;
  }

  /**
   * Resolves `specifier` as used by `usage` (its string literal) in `from`. `mode` overrides the
   * usage's resolution mode: `require()` in a TypeScript file is resolved as CommonJS.
   */
  resolve(
    specifier: string,
    from: ts.SourceFile,
    usage?: ts.StringLiteralLike,
    forceMode?: ts.ResolutionMode,
  ): ModuleTarget {
    if (isAgentixModule(specifier)) return { kind: "package", name: "agentix" };
    const mode =
      forceMode ?? (usage ? this.loaded.program.getModeForUsageLocation(from, usage) : undefined);
    const key = `${from.fileName}\0${specifier}\0${mode ?? ""}`;
    const known = this.memo.get(key);
    if (known) return known;
    const target = this.keptOrComputed(specifier, from, mode);
    this.memo.set(key, target);
    return target;
  }

  private keptOrComputed(
    specifier: string,
    from: ts.SourceFile,
    mode: ts.ResolutionMode,
  ): ModuleTarget {
    const kept = this.kept?.resolutionsOf(from);
    const key = `${specifier}\0${mode ?? ""}`;
    const found = kept?.get(key);
    if (typeof found === "string") {
      const file = this.loaded.fileByName.get(found);
      if (file) return { kind: "file", file };
    } else if (found !== undefined) return found;
    const target = this.compute(specifier, from, mode);
    if (target.kind === "file") kept?.set(key, target.file.fileName);
    // A file outside the project may come or go unseen by the session: never kept.
    else if ((target.kind === "package" && !target.outsideFile) || target.kind === "builtin")
      kept?.set(key, target);
    return target;
  }

  private compute(specifier: string, from: ts.SourceFile, mode: ts.ResolutionMode): ModuleTarget {
    // A bundler's query or fragment (`./worker.ts?worker`, `@/logo.svg?react`) is no part of the
    // file: the import is of the file before it (TypeScript types it by a `declare module
    // "*?worker"`, and resolves it to no file; `#x` at the start is a package import).
    const query = specifier.search(/[?#]/u);
    if (query > 0) return this.compute(specifier.slice(0, query), from, mode);
    let resolved = this.programResolutions.getResolvedModule?.(
      from,
      specifier,
      mode,
    )?.resolvedModule;
    if (resolved === undefined) {
      resolved = ts.resolveModuleName(
        specifier,
        from.fileName,
        this.loaded.compilerOptions,
        ts.sys,
        this.cache,
        undefined,
        mode,
      ).resolvedModule;
      // As the program resolves its imports (project/compiler-host.ts).
      if (this.loaded.compilerOptions.preserveSymlinks !== true)
        resolved = throughLinks(resolved, this.loaded.roots.links);
    }
    const bare = !isRelativeSpecifier(specifier);
    if (resolved) {
      const file =
        this.loaded.fileByName.get(resolved.resolvedFileName) ??
        this.loaded.fileByName.get(path.resolve(resolved.resolvedFileName));
      if (file && !resolved.isExternalLibraryImport) return { kind: "file", file };
      if (bare && (specifier.startsWith("node:") || isBuiltin(specifier)))
        return { kind: "builtin", name: builtinName(specifier) };
      if (bare && (resolved.isExternalLibraryImport || isInNodeModules(resolved.resolvedFileName)))
        return { kind: "package", name: packageName(specifier) };
      if (file) return { kind: "file", file };
      if (bare) {
        const outside = path.resolve(resolved.resolvedFileName);
        // An installed library ships JavaScript and declarations: a source is a package's own.
        return relativeToRoot(this.loaded.root, outside) === undefined &&
          isTypeScriptSource(outside)
          ? { kind: "package", name: packageName(specifier), outsideFile: outside }
          : { kind: "package", name: packageName(specifier) };
      }
      return this.asset(resolved.resolvedFileName) ?? { kind: "outside" };
    }
    if (bare && (specifier.startsWith("node:") || isBuiltin(specifier)))
      return { kind: "builtin", name: builtinName(specifier) };
    // A `paths` alias to a stylesheet or an image (`@/features/ui/theme.css`), which TypeScript
    // resolves to no file: the first substitution that is a file of the project, as a bundler finds it.
    if (bare) {
      this.substitutions ??= pathsSubstitutions(this.loaded.compilerOptions);
      for (const candidate of this.substitutions(specifier) ?? []) {
        const asset = this.asset(candidate);
        if (asset) return asset;
      }
    }
    // A bare specifier that does not resolve is a package that is not installed (or has no types);
    // a path that does not resolve is a missing file.
    if (bare && !specifier.startsWith("#"))
      return { kind: "package", name: packageName(specifier) };
    // A relative path to a file that exists but is not TypeScript.
    const asset = bare
      ? undefined
      : this.asset(path.resolve(path.dirname(from.fileName), specifier));
    return asset ?? { kind: "unresolved" };
  }

  /** `file` as an asset when it is a file of the project (inside the root, not in node_modules). */
  private asset(file: string): ModuleTarget | undefined {
    const relative = relativeToRoot(this.loaded.root, file);
    if (relative === undefined || isInNodeModules(file) || isScriptFile(file)) return undefined;
    try {
      return statSync(file).isFile() ? { kind: "asset", path: relative } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** `fs` and `node:fs` are the same module: the index always writes `node:fs`. */
function builtinName(specifier: string): string {
  return specifier.startsWith("node:") ? specifier : `node:${specifier}`;
}
