// Tests in a workspace that no project analyses: under the root, outside every project's folder,
// when no project lives in the root folder itself (a root tsconfig.json with options only, or
// none). They are named, never silently left out of the answer.
import path from "node:path";
import { layoutFor } from "../../eslint-plugin/logic/project/layout.js";
import { toPosix } from "../../schema/paths.js";
import { loadAgentixConfig } from "../project/load-project.js";
import { walkProject } from "../project/walk.js";
import type { Workspace } from "./discover.js";

/** Root-relative paths of the test files (by the root's test globs) no project's folder holds. */
export function strayTests(workspace: Workspace): string[] {
  if (workspace.packages.some((entry) => entry.path === ".")) return [];
  const layout = layoutFor(loadAgentixConfig(workspace.root));
  const folders = new Set(workspace.packages.map((entry) => entry.dir));
  return walkProject(workspace.root, (file) => layout.isTestFile(file), folders).files.map((file) =>
    toPosix(path.relative(workspace.root, file)),
  );
}
