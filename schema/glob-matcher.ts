// A list of globs as agentix.config.json means it (features.directories, ignores, tests, ...):
// a path matches when one glob matches it and no "!" glob does ("src/features/*",
// "!src/features/legacy"). picomatch alone ORs a negation in, and "!src/features/legacy" matches
// every other path: each folder of the project became a feature.
import picomatch from "picomatch";

export type GlobMatcher = (posixPath: string) => boolean;

const NEVER: GlobMatcher = () => false;

/** Whether the glob excludes ("!src/features/legacy") rather than includes. */
export function isNegatedGlob(glob: string): boolean {
  return glob.startsWith("!");
}

export function globMatcher(globs: readonly string[]): GlobMatcher {
  const included = globs.filter((glob) => !isNegatedGlob(glob));
  if (included.length === 0) return NEVER;
  const matches = picomatch([...included]);
  const excluded = globs.filter(isNegatedGlob).map((glob) => glob.slice(1));
  if (excluded.length === 0) return matches;
  const excludes = picomatch(excluded);
  return (posixPath) => matches(posixPath) && !excludes(posixPath);
}
