// Inside one package of a workspace, `affected` answers for that package alone (docs/monorepos.md):
// the packages that import it are not analysed, and their tests are never selected. A note says
// so, naming them, so that nobody takes the answer for the workspace's.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { listText } from "../text.js";
import { declaresWorkspace, packageFolders, readManifest } from "../project/workspace-folders.js";

const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;

/** Whether a package.json lists one of `names` among its dependencies of any kind. */
export function dependsOnOneOf(
  manifest: Readonly<Record<string, unknown>> | undefined,
  names: (name: string) => boolean,
): boolean {
  return DEPENDENCY_FIELDS.some((field) => {
    const listed = manifest?.[field];
    return typeof listed === "object" && listed !== null && Object.keys(listed).some(names);
  });
}

/** The note for a project whose folder is a workspace package other packages depend on. */
export function dependentsNote(root: string): string | undefined {
  try {
    const name = readManifest(path.join(root, "package.json"))?.["name"];
    if (typeof name !== "string") return undefined;
    let workspace = path.dirname(root);
    while (!declaresWorkspace(workspace)) {
      if (path.dirname(workspace) === workspace) return undefined;
      workspace = path.dirname(workspace);
    }
    const folders = packageFolders(workspace)?.folders ?? [];
    const own = toPosix(path.relative(workspace, root));
    if (!folders.includes(own)) return undefined;
    const dependents = folders.flatMap((folder) => {
      if (folder === own) return [];
      const manifest = readManifest(path.join(workspace, folder, "package.json"));
      const depends = dependsOnOneOf(manifest, (listed) => listed === name);
      const label =
        typeof manifest?.["name"] === "string" ? `${manifest["name"]} (${folder})` : folder;
      return depends ? [label] : [];
    });
    if (dependents.length === 0) return undefined;
    return `${listText(dependents, { limit: 5, serialComma: true })} ${dependents.length === 1 ? "depends" : "depend"} on ${name} and ${dependents.length === 1 ? "is" : "are"} not analysed here: run agentix at the workspace root (${toPosix(path.relative(root, workspace))}) to select ${dependents.length === 1 ? "its" : "their"} tests too`;
  } catch {
    return undefined; // a note is never worth failing the answer for
  }
}
