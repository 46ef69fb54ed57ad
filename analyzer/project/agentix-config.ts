// The agentix.config.json a project root is under, for the analyzer: kept apart from
// load-project.ts (which loads ts-morph) so that workspace discovery and the answers from a
// fresh index can read it without loading TypeScript.
import { existsSync } from "node:fs";
import {
  AgentixConfigError,
  defaultConfig,
  loadConfigFileNow,
  type AgentixConfig,
} from "../../schema/load-config.js";
import { ProjectLoadError } from "../errors.js";
import { configCandidates } from "./input-files.js";
import { relativeToRoot } from "./paths.js";

/**
 * Loads the agentix.config.json that applies to the root: its own, else the nearest one above it
 * (as the ESLint plugin finds it, so both read the same), else the defaults.
 */
export function loadAgentixConfig(root: string): AgentixConfig {
  const file = configCandidates(root).at(-1) as string;
  if (!existsSync(file)) return defaultConfig(root);
  try {
    return loadConfigFileNow(file);
  } catch (error) {
    if (error instanceof AgentixConfigError) {
      throw new ProjectLoadError(
        "config-invalid",
        error.message,
        relativeToRoot(root, file) ?? file,
        error.problems,
      );
    }
    throw error;
  }
}
