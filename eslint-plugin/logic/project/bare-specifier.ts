import path from "node:path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { pathsMatcher, pathsSubstitutions } from "./paths-alias.js";

export interface BareSpecifierFacts {
  /** Every entry of a folder, or undefined where names are not compared exactly. */
  readonly namesIn: (dir: string) => ReadonlySet<string> | undefined;
  /** The name of the package whose folder holds `dir`. */
  readonly packageName: (dir: string) => string | undefined;
}

/** TypeScript's module resolution kind for options that may leave it implied by `module`. */
export function resolutionKind(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const { module } = options;
  return module === ts.ModuleKind.None ||
    module === ts.ModuleKind.AMD ||
    module === ts.ModuleKind.UMD ||
    module === ts.ModuleKind.System
    ? ts.ModuleResolutionKind.Classic
    : ts.ModuleResolutionKind.Bundler;
}

/** Whether `specifier` is `name` or a subpath of it, segment by segment. */
function namesPackage(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/**
 * Whether a bare specifier (neither relative nor absolute) may resolve to a project file, as
 * opposed to a package under node_modules or a type root, which TypeScript calls external. It may
 * when it matches `paths`, starts with `#` (package.json `imports`), names the importer's own
 * package (self-name through `exports`), under Classic resolution (which looks for it in every
 * ancestor folder), or when `baseUrl` is set and `baseUrl/<specifier>` may exist: some entry of
 * its folder is a name TypeScript may find it as (`zod` for zod.ts, zod.d.ts, zod/; not
 * zod.config.ts). A `node:` built-in never does. Every doubt answers "may": TypeScript then decides.
 */
export function bareSpecifierReach(
  options: ts.CompilerOptions,
  facts: BareSpecifierFacts,
): (specifier: string, fromDir: string) => boolean {
  const matchesPaths = pathsMatcher(options);
  const classic = resolutionKind(options) === ts.ModuleResolutionKind.Classic;
  const { baseUrl } = options;
  // moduleSuffixes (React Native's ".ios") put text between a name and its extension: any entry
  // that starts like the name may be it.
  const suffixed = (options.moduleSuffixes ?? []).some((suffix) => suffix !== "");
  return (specifier, fromDir) => {
    if (specifier.startsWith("#") || matchesPaths(specifier) || classic) return true;
    if (specifier.startsWith("node:")) return false;
    const ownName = facts.packageName(fromDir);
    if (ownName !== undefined && namesPackage(specifier, ownName)) return true;
    if (baseUrl === undefined) return false;
    // `@scope/pkg/sub` can be baseUrl/@scope/pkg/sub only if baseUrl holds `@scope`: one listing
    // answers for every package, where each package's own folder was listed (missing) before.
    // (Not when a "." or ".." segment may lead elsewhere: `a/../../x` is baseUrl's parent's x.)
    const slash = specifier.indexOf("/");
    if (slash > 0 && !DOT_SEGMENT.test(specifier)) {
      const top = facts.namesIn(baseUrl);
      if (top !== undefined && !top.has(specifier.slice(0, slash))) return false;
    }
    const candidate = path.resolve(baseUrl, specifier);
    const names = facts.namesIn(path.dirname(candidate));
    if (names === undefined) return true;
    const base = path.basename(candidate);
    if (suffixed) {
      const stem = base.slice(0, base.indexOf(".") === -1 ? base.length : base.indexOf("."));
      for (const name of names) if (name.startsWith(stem)) return true;
      return false;
    }
    for (const name of names) if (mayBeFoundAs(base, name)) return true;
    return false;
  };
}

/** A "." or ".." segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/u;

/** An extension TypeScript may add to a candidate path (in any mode, with any option). */
const ADDED_EXTENSION = /^\.(?:d\.)?[cm]?[jt]sx?$|^\.json$/u;
/** A script extension TypeScript may swap for another (`x.js` -> x.ts). */
const SCRIPT_EXTENSION = /\.(?:d\.)?[cm]?[jt]sx?$/u;

/**
 * Whether TypeScript may find the candidate `base` (baseUrl/<name>'s last segment) as the folder
 * entry `name`: itself (a file, or a folder with an index or package.json), with an extension
 * added, behind a script extension it swaps (`dotted.js` -> dotted.ts), or as the declaration of
 * an arbitrary extension (`styles.css` -> styles.d.css.ts). So `vitest.config.ts` at the root
 * of a project whose baseUrl is "." leaves `import "vitest"` to the package.
 */
function mayBeFoundAs(base: string, name: string): boolean {
  if (name === base) return true;
  if (name.startsWith(base) && ADDED_EXTENSION.test(name.slice(base.length))) return true;
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return false;
  const withoutExtension = base.slice(0, dot);
  if (SCRIPT_EXTENSION.test(base) && name.startsWith(withoutExtension))
    return ADDED_EXTENSION.test(name.slice(withoutExtension.length));
  return name.startsWith(`${withoutExtension}.d.`);
}

/**
 * The one path a `paths` alias names (its pattern's only substitution, `*` filled in), for a
 * lexical judgement like a relative specifier's: TypeScript finds the file there (as x.ts, x.tsx,
 * x/index.ts) or nowhere in the project. Undefined where it may look elsewhere: fallback
 * substitutions, `#` imports, the package's own name, Classic resolution.
 */
export function singleAliasTarget(
  options: ts.CompilerOptions,
  facts: Pick<BareSpecifierFacts, "packageName">,
): (specifier: string, fromDir: string) => string | undefined {
  const substitutions = pathsSubstitutions(options);
  const classic = resolutionKind(options) === ts.ModuleResolutionKind.Classic;
  return (specifier, fromDir) => {
    if (classic || specifier.startsWith("#")) return undefined;
    const targets = substitutions(specifier);
    if (targets?.length !== 1) return undefined;
    const ownName = facts.packageName(fromDir);
    if (ownName !== undefined && namesPackage(specifier, ownName)) return undefined;
    return targets[0];
  };
}
