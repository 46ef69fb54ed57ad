// The features of other projects: a file outside this project's root (another workspace
// package's source, reached through a linked package import) is classified by the configuration
// of the project holding it, as that package's own lint and `check` classify it.
import path from "node:path";
import { AgentixConfigError, loadConfigForFile } from "../../../schema/load-config.js";
import { toPosix } from "../../../schema/paths.js";
import { layoutFor, type Feature, type ProjectLayout } from "./layout.js";

/**
 * The feature holding `file` (absolute, a real path) when it lies outside `layout`'s project;
 * undefined for a file of this project, outside every feature there, or in a project whose
 * agentix.config.json is broken (its own lint says so).
 */
export function foreignFeatureOf(layout: ProjectLayout, file: string): Feature | undefined {
  return foreignFeatureOfFolder(layout, path.dirname(file));
}

/** The feature folder holding `dir` (absolute) when it lies outside `layout`'s project. */
export function foreignFeatureOfFolder(layout: ProjectLayout, dir: string): Feature | undefined {
  if (layout.relative(dir) !== undefined || dir === layout.config.root) return undefined;
  let config;
  try {
    config = loadConfigForFile(path.join(dir, "_"));
  } catch (error) {
    if (error instanceof AgentixConfigError) return undefined;
    throw error;
  }
  return config.root === layout.config.root ? undefined : layoutFor(config).featureOfFolder(dir);
}

/** A path for messages: relative to the project root, `../` included for a file outside it. */
export function displayFromRoot(layout: ProjectLayout, file: string): string {
  return layout.relative(file) ?? toPosix(path.relative(layout.config.root, file));
}
