// Files beside the tsconfig chain that the analysis depends on: a change to one means the
// project is analysed again (the warm session reloads, the fresh index is stale).
import { existsSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME } from "../../schema/load-config.js";

/** Relative to the project root. */
export const PROJECT_INPUT_FILES: readonly string[] = [
  CONFIG_FILE_NAME,
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "yarn.lock",
];

/**
 * The agentix.config.json files that decide a project's configuration, absolute: the root's, then
 * each folder's above it up to the first that has one (the one that applies, as the ESLint plugin
 * finds it for the root's files) or to the file system's root. A project without its own config
 * inherits the nearest one above it; creating one closer changes which applies.
 */
export function configCandidates(root: string): string[] {
  const candidates: string[] = [];
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const file = path.join(dir, CONFIG_FILE_NAME);
    candidates.push(file);
    if (existsSync(file) || path.dirname(dir) === dir) return candidates;
  }
}
