// Files beside the tsconfig chain that the analysis depends on: a change to one means the
// project is analysed again (the warm session reloads, the fresh index is stale).
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
