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

/**
 * Whether a bare specifier may still resolve into the project: it matches `paths`, starts with
 * `#` (package.json imports), or `baseUrl` is set.
 */
export function aliasMatcher(options: ts.CompilerOptions): (specifier: string) => boolean {
  if (options.baseUrl !== undefined) return () => true;
  const paths = options.paths ?? {};
  const exact = new Set(Object.keys(paths).filter((pattern) => !pattern.includes("*")));
  const wildcards = wildcardsOf(paths);
  return (specifier) =>
    specifier.startsWith("#") ||
    exact.has(specifier) ||
    wildcards.some((wildcard) => matches(wildcard, specifier));
}

/**
 * The absolute path TypeScript tries first for a specifier under `paths`: the pattern it picks
 * (an exact key, else the matching wildcard with the longest prefix) with its first
 * substitution. Undefined when no pattern matches or the match is one TypeScript treats
 * specially (an empty wildcard match).
 */
export function firstPathsCandidate(
  options: ts.CompilerOptions,
): (specifier: string) => string | undefined {
  const paths = options.paths;
  // parseJsonConfigFileContent records the tsconfig's folder as pathsBasePath when baseUrl is unset.
  const base = options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath;
  if (paths === undefined || typeof base !== "string") return () => undefined;
  const wildcards = wildcardsOf(paths);
  return (specifier) => {
    if (!specifier.includes("*") && Object.hasOwn(paths, specifier)) {
      const first = paths[specifier]?.[0];
      return first === undefined ? undefined : path.resolve(base, first);
    }
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
    const first = paths[best.pattern]?.[0];
    if (star === "" || first === undefined) return undefined;
    return path.resolve(base, first.replace("*", star));
  };
}
