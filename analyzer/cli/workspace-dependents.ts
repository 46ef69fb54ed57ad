// Inside one package of a workspace, `affected` answers for that package alone (docs/monorepos.md):
// the packages that import it are not analysed, and their tests are never selected. A note says
// so, naming them, so that nobody takes the answer for the workspace's. A package imports it by
// declaring it in package.json (not the registry's package of the same name), or without
// declaring it where the workspace links every package into a node_modules the importer
// resolves through (npm, yarn and bun link them at the root): such a package is named when its
// sources spell the package's name as a specifier.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { listText } from "../text.js";
import { walkProject } from "../project/walk.js";
import { declaresWorkspace, packageFolders, readManifest } from "../project/workspace-folders.js";
import {
  DEPENDENCY_FIELDS,
  declaredRange,
  linksWorkspacePackage,
} from "../workspace/declared-link.js";

/** Files whose imports are read for the package's name: TypeScript and JavaScript sources. */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/u;

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
    const manifestHere = readManifest(path.join(root, "package.json"));
    const name = manifestHere?.["name"];
    if (typeof name !== "string") return undefined;
    const version =
      typeof manifestHere?.["version"] === "string" ? manifestHere["version"] : undefined;
    let workspace = path.dirname(root);
    while (!declaresWorkspace(workspace)) {
      if (path.dirname(workspace) === workspace) return undefined;
      workspace = path.dirname(workspace);
    }
    const declared = packageFolders(workspace);
    const folders = declared?.folders ?? [];
    const own = toPosix(path.relative(workspace, root));
    if (!folders.includes(own)) return undefined;
    // Every package folder: a package's walk never enters another package nested in it.
    const packageDirs = new Set(folders.map((folder) => path.join(workspace, folder)));
    const dependents = folders.flatMap((folder) => {
      if (folder === own) return [];
      const dir = path.join(workspace, folder);
      const manifest = readManifest(path.join(dir, "package.json"));
      // Declared, it depends on this package unless the declaration takes the registry's
      // package of the same name (declared-link.ts); undeclared, where it resolves the name.
      const depends =
        declaredRange(manifest, name) !== undefined
          ? linksWorkspacePackage({
              root: workspace,
              kind: declared?.kind ?? "npm",
              importerDir: dir,
              manifest,
              name,
              targetDir: root,
              targetVersion: version,
            })
          : linkedFor(dir, workspace, name) && spellsSpecifier(dir, packageDirs, name);
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

/** Whether `name` is linked in a node_modules folder that files in `dir` resolve through, up to the workspace root. */
function linkedFor(dir: string, workspace: string, name: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "node_modules", name))) return true;
    if (at === workspace || path.dirname(at) === at) return false;
  }
}

/** Whether a source file of the package at `dir` holds `name` as a specifier (`"@x/lib"`, `'@x/lib/sub'`). */
function spellsSpecifier(dir: string, packageDirs: ReadonlySet<string>, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const specifier = new RegExp(`["'\`]${escaped}["'\`/]`, "u");
  const nested = new Set([...packageDirs].filter((other) => other !== dir));
  const { files } = walkProject(dir, (file) => SOURCE_FILE.test(file), nested);
  return files.some((file) => {
    try {
      return specifier.test(readFileSync(file, "utf8"));
    } catch {
      return false; // an unreadable file imports nothing agentix could follow either
    }
  });
}
