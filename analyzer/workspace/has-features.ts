// Whether a workspace package has feature folders, by its own agentix.config.json `directories`
// (or the default convention): a folder matching them that holds a file. Read before analysing,
// so `agentix index` at a workspace root indexes exactly the packages with features.
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";
import { loadAgentixConfig } from "../project/load-project.js";
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
  const isFeatureFolder = picomatch([...config.features.directories]);
  return (file) => {
    for (
      let folder = path.dirname(file);
      folder.startsWith(dir + path.sep);
      folder = path.dirname(folder)
    )
      if (isFeatureFolder(toPosix(path.relative(dir, folder)))) return true;
    return false;
  };
}
