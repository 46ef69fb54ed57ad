// Whether a workspace package has feature folders, by the `directories` of the agentix.config.json
// that applies to it (its own, the nearest above it, or the default convention): a folder matching
// them that holds a file. Read before analysing,
// so `agentix index` at a workspace root indexes exactly the packages with features.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { globMatcher } from "../../schema/glob-matcher.js";
import { loadAgentixConfig } from "../project/agentix-config.js";
import { walkProject } from "../project/walk.js";

/** `skipped`: folders inside `dir` that are other projects' (absolute). */
export function hasFeatures(dir: string, skipped: ReadonlySet<string> = new Set()): boolean {
  const inFeature = featureFolderTest(dir);
  const { files } = walkProject(dir, () => true, skipped);
  return files.some(inFeature);
}

/** Whether a file (absolute) lies in one of the feature folders of the project in `dir`. */
export function featureFolderTest(dir: string): (file: string) => boolean {
  const config = loadAgentixConfig(dir);
  const isFeatureFolder = globMatcher(config.features.directories);
  return (file) => {
    for (
      let folder = path.dirname(file);
      folder.startsWith(dir + path.sep);
      folder = path.dirname(folder)
    )
      // Globs are relative to the config's folder (above `dir` when the package inherits it).
      if (isFeatureFolder(toPosix(path.relative(config.root, folder)))) return true;
    return false;
  };
}
