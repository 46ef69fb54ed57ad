// Tests in a workspace that no project analyses: under the root, outside every project's folder,
// when no project lives in the root folder itself (a root tsconfig.json with options only, or
// none). They are named, never silently left out of the answer. (The workspace's shape is
// written out: discover.ts asks for tests outside its packages before it has a Workspace.)
import path from "node:path";
import { layoutFor } from "../../eslint-plugin/logic/project/layout.js";
import { toPosix } from "../../schema/paths.js";
import { loadAgentixConfig } from "../project/agentix-config.js";
import { walkProject } from "../project/walk.js";

/** Root-relative paths of the test files (by the root's test globs) no project's folder holds. */
export function strayTests(workspace: {
  readonly root: string;
  readonly packages: readonly { readonly path: string; readonly dir: string }[];
}): string[] {
  if (workspace.packages.some((entry) => entry.path === ".")) return [];
  return testsOutside(
    workspace.root,
    workspace.packages.map((entry) => entry.dir),
  );
}

/** Root-relative paths of the test files (by the root's test globs) under `root` outside `dirs`. */
export function testsOutside(root: string, dirs: readonly string[]): string[] {
  const layout = layoutFor(loadAgentixConfig(root));
  return walkProject(root, (file) => layout.isTestFile(file), new Set(dirs)).files.map((file) =>
    toPosix(path.relative(root, file)),
  );
}
