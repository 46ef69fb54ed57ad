// agentix.config.json `loads`: what a non-literal import()/require() may load, declared by the
// project for the files that hold one (a migration runner's `require(path)`, a plugin loader's).
// The analyzer follows such a load as imports of the files it may load (affected), and no longer
// lists the site as unresolved (the index, check); no-private-imports judges each of those files
// as an import (ESLint and check).
import { globMatcher, isNegatedGlob, type GlobMatcher } from "./glob-matcher.js";
import type { AgentixConfig } from "./load-config.js";

/** Globs of the project files a loader file's non-literal loads may load (none: packages only); undefined when undeclared. */
export type DeclaredLoads = (file: string) => readonly string[] | undefined;

const byConfig = new WeakMap<AgentixConfig, DeclaredLoads>();

/**
 * The declared loads of `config`, asked by a project-relative POSIX path: the globs of every key
 * that matches it, in the order the configuration lists them.
 */
export function declaredLoads(config: AgentixConfig): DeclaredLoads {
  let declared = byConfig.get(config);
  if (declared === undefined) {
    const entries = Object.entries(config.loads).map(
      ([files, loads]) => [globMatcher([files]), loads] as const,
    );
    // A key with no globs declares loads of nothing in the project (packages only).
    declared = (file) => {
      const matching = entries.filter(([holds]) => holds(file));
      return matching.length > 0 ? [...new Set(matching.flatMap(([, globs]) => globs))] : undefined;
    };
    byConfig.set(config, declared);
  }
  return declared;
}

/** One glob of a declared list that loads something, and the project paths it loads. */
export interface LoadGlob {
  readonly glob: string;
  readonly matches: GlobMatcher;
}

/**
 * The globs of a declared list that load something, each matching what the list's "!" globs do
 * not exclude: the one reading of a `loads` list for affected, the index, check and the rule.
 */
export function loadGlobs(globs: readonly string[]): LoadGlob[] {
  const excluded = globs.filter(isNegatedGlob);
  return globs
    .filter((glob) => !isNegatedGlob(glob))
    .map((glob) => ({ glob, matches: globMatcher([glob, ...excluded]) }));
}
