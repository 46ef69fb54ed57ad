// eslint-disable-next-line @typescript-eslint/no-require-imports
import type ts = require("typescript");
import path from "node:path";

interface Wildcard {
  readonly pattern: string;
  readonly prefix: string;
  readonly suffix: string;
}

function wildcardsOf(paths: ts.MapLike<string[]>): Wildcard[] {
  return Object.keys(paths)
    .filter((pattern) => pattern.includes("*"))
    .map((pattern) => ({
      pattern,
      prefix: pattern.slice(0, pattern.indexOf("*")),
      suffix: pattern.slice(pattern.indexOf("*") + 1),
    }));
}

function matches(wildcard: Wildcard, specifier: string): boolean {
  const { prefix, suffix } = wildcard;
  return (
    specifier.length >= prefix.length + suffix.length &&
    specifier.startsWith(prefix) &&
    specifier.endsWith(suffix)
  );
}

/** Whether a bare specifier matches a `paths` pattern (exact, or a wildcard), as TypeScript matches them. */
export function pathsMatcher(options: ts.CompilerOptions): (specifier: string) => boolean {
  const paths = options.paths ?? {};
  const exact = new Set(Object.keys(paths).filter((pattern) => !pattern.includes("*")));
  const wildcards = wildcardsOf(paths);
  return (specifier) =>
    exact.has(specifier) || wildcards.some((wildcard) => matches(wildcard, specifier));
}

/**
 * The absolute paths TypeScript tries, in order, for a specifier under `paths`: the pattern it
 * picks (an exact key, else the matching wildcard with the longest prefix) with each of its
 * substitutions. Undefined when no pattern matches or the match is one TypeScript treats
 * specially (an empty wildcard match).
 */
export function pathsSubstitutions(
  options: ts.CompilerOptions,
): (specifier: string) => readonly string[] | undefined {
  const paths = options.paths;
  // parseJsonConfigFileContent records the tsconfig's folder as pathsBasePath when baseUrl is unset.
  const base = options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath;
  if (paths === undefined || typeof base !== "string") return () => undefined;
  const wildcards = wildcardsOf(paths);
  const substituted = (pattern: string, star: string | undefined) => {
    const targets = paths[pattern];
    if (!Array.isArray(targets) || targets.length === 0) return undefined;
    if (!targets.every((target) => typeof target === "string")) return undefined;
    // A string replacement, as TypeScript's replaceFirstStar does (`$&` in the match expands).
    return targets.map((target) =>
      path.resolve(base, star === undefined ? target : target.replace("*", star)),
    );
  };
  const compute = (specifier: string): readonly string[] | undefined => {
    if (!specifier.includes("*") && Object.hasOwn(paths, specifier))
      return substituted(specifier, undefined);
    let best: Wildcard | undefined;
    for (const wildcard of wildcards) {
      if (
        matches(wildcard, specifier) &&
        (best === undefined || wildcard.prefix.length > best.prefix.length)
      )
        best = wildcard;
    }
    if (best === undefined) return undefined;
    const star = specifier.slice(best.prefix.length, specifier.length - best.suffix.length);
    return star === "" ? undefined : substituted(best.pattern, star);
  };
  // Asked for the same few specifiers from every file; the answer depends on the options alone.
  const known = new Map<string, readonly string[] | null>();
  return (specifier) => {
    let targets = known.get(specifier);
    if (targets === undefined) {
      targets = compute(specifier) ?? null;
      known.set(specifier, targets);
    }
    return targets ?? undefined;
  };
}

const substitutionsByOptions = new WeakMap<
  ts.CompilerOptions,
  (specifier: string) => readonly string[] | undefined
>();

/** pathsSubstitutions, made once per options object (a resolver keeps one per tsconfig). */
export function pathsSubstitutionsOf(
  options: ts.CompilerOptions,
): (specifier: string) => readonly string[] | undefined {
  let substitutions = substitutionsByOptions.get(options);
  if (!substitutions) {
    substitutions = pathsSubstitutions(options);
    substitutionsByOptions.set(options, substitutions);
  }
  return substitutions;
}

/**
 * The folders `paths` substitutions lead into (absolute): a wildcard's up to its `*`, an exact
 * one's folder. Where a bare specifier may lead other than into a package.
 */
export function pathsFolders(options: ts.CompilerOptions): readonly string[] {
  const paths = options.paths;
  const base = options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath;
  if (paths === undefined || typeof base !== "string") return [];
  const folders = new Set<string>();
  for (const targets of Object.values(paths)) {
    if (!Array.isArray(targets)) continue;
    for (const target of targets) {
      if (typeof target !== "string") continue;
      const star = target.indexOf("*");
      const fixed = path.resolve(base, star === -1 ? target : target.slice(0, star));
      folders.add(
        star === -1 || !target.slice(0, star).endsWith("/") ? path.dirname(fixed) : fixed,
      );
    }
  }
  return [...folders];
}
