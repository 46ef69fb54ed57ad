// A `features.directories` glob in agentix.config.json that matches no folder of the program is
// almost always a typo, and it silently turns every boundary check off: a warning with the
// config file's position on every verb (and in the index), an error under `check`.
import { readFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import type { AgentixConfig } from "../../schema/load-config.js";
import { isNegatedGlob } from "../../schema/glob-matcher.js";
import { relativeToRoot } from "./paths.js";
import type { LoadProblem } from "./tsconfig.js";

export const UNMATCHED_FEATURE_DIRECTORIES = "feature-directories-unmatched";

/** The configured `features.directories` globs no folder of `files` matches, as problems. */
export function unmatchedFeatureDirectories(
  config: AgentixConfig,
  files: readonly { readonly path: string }[],
): LoadProblem[] {
  const { configFile } = config;
  // The defaults matching nothing only mean a project without features yet.
  if (configFile === undefined) return [];
  const text = readFileSync(configFile, "utf8");
  const written = (JSON.parse(text) as { features?: { directories?: unknown } }).features
    ?.directories;
  if (!Array.isArray(written)) return [];
  const folders = new Set<string>();
  for (const file of files) {
    let dir = path.posix.dirname(file.path);
    while (dir !== "." && dir !== ".." && !folders.has(dir)) {
      folders.add(dir);
      dir = path.posix.dirname(dir);
    }
  }
  const shown = relativeToRoot(config.root, configFile) ?? configFile;
  return config.features.directories
    .filter((glob) => !isNegatedGlob(glob))
    .filter((glob) => {
      const matches = picomatch(glob);
      return ![...folders].some((folder) => matches(folder));
    })
    .map((glob) => ({
      code: UNMATCHED_FEATURE_DIRECTORIES,
      severity: "warning",
      message: `features.directories ${JSON.stringify(glob)} matches no folder of the project: no feature is found there, so no boundary is checked`,
      file: shown,
      ...positionOf(text, JSON.stringify(glob)),
    }));
}

/** 1-based line and column of the first occurrence of `needle`, or nulls. */
function positionOf(text: string, needle: string): { line: number | null; column: number | null } {
  const at = text.indexOf(needle);
  if (at === -1) return { line: null, column: null };
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
