// How workspace packages import each other: every import whose specifier names another
// workspace package (`@acme/contracts`, `@acme/contracts/money`), with the source files of that
// package the specifier can load (through its package.json `exports` or entry fields). Found from each package's
// own analysis; node_modules need not be installed.
import path from "node:path";
import { isFile } from "../../schema/folder-listings.js";
import { toPosix } from "../../schema/paths.js";
import { compareText } from "../project/paths.js";
import { packageName } from "../resolve/module-resolution.js";
import type { Workspace, WorkspacePackage } from "./discover.js";
import { entryTargets, searchedCandidates, sourceFor } from "../project/package-exports.js";
import type { ProjectSummary } from "./project-summary.js";
import { linksWorkspacePackage } from "./declared-link.js";
import { readManifest, type Manifest } from "../project/workspace-folders.js";

export interface WorkspaceLink {
  /** The importing package and file (relative to that package). */
  readonly importer: WorkspacePackage;
  readonly file: string;
  readonly specifier: string;
  readonly typeOnly: boolean;
  /** The imported package. */
  readonly target: WorkspacePackage;
  /**
   * The target's files (relative to the target package) the specifier may load; empty when its
   * exports do not map to sources agentix analysed: then any change in the target reaches it.
   */
  readonly entries: readonly string[];
}

/** Every cross-package import of the analysed packages, sorted by importer, file, specifier. */
export function workspaceLinks(
  workspace: Workspace,
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
): WorkspaceLink[] {
  // The projects of one folder share its package name: an import of it links to each of them.
  const byName = new Map<string, WorkspacePackage[]>();
  for (const entry of workspace.packages)
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  const links: WorkspaceLink[] = [];
  // Many files import the same few entries: each is worked out once.
  const known = new Map<string, string[]>();
  const entriesFor = (target: WorkspacePackage, subpath: string): string[] => {
    const key = `${target.dir}\0${target.tsconfig ?? ""}\0${subpath}`;
    let entries = known.get(key);
    if (entries === undefined) {
      entries = entriesOf(target, subpath, analyses.get(target));
      known.set(key, entries);
    }
    return entries;
  };
  // Each package's package.json, read once: the importer's declarations, the target's version.
  const manifests = new Map<string, Manifest | undefined>();
  const manifestOf = (dir: string): Manifest | undefined => {
    if (!manifests.has(dir)) manifests.set(dir, readManifest(path.join(dir, "package.json")));
    return manifests.get(dir);
  };
  // Whether an importer's package.json lets its name load the workspace package (declared-link.ts).
  const linked = new Map<string, boolean>();
  const loads = (importer: WorkspacePackage, target: WorkspacePackage): boolean => {
    const key = `${importer.dir}\0${target.dir}`;
    let answer = linked.get(key);
    if (answer === undefined) {
      const version = manifestOf(target.dir)?.["version"];
      answer = linksWorkspacePackage({
        root: workspace.root,
        kind: workspace.kind,
        importerDir: importer.dir,
        manifest: manifestOf(importer.dir),
        name: target.name,
        targetDir: target.dir,
        targetVersion: typeof version === "string" ? version : undefined,
      });
      linked.set(key, answer);
    }
    return answer;
  };
  for (const [importer, analysis] of analyses) {
    for (const [file, imports] of analysis.imports) {
      for (const item of imports) {
        const { specifier } = item;
        if (specifier === null || specifier.startsWith(".") || item.file !== null) continue;
        const targets = byName.get(packageName(specifier)) ?? [];
        if (targets.some((target) => target.path === importer.path)) continue;
        for (const target of targets) {
          if (!loads(importer, target)) continue;
          const subpath = `.${specifier.slice(target.name.length)}`;
          links.push({
            importer,
            file,
            specifier,
            typeOnly: item.typeOnly,
            target,
            entries: entriesFor(target, subpath),
          });
        }
      }
    }
  }
  const order = new Map(workspace.packages.map((entry, place) => [entry, place]));
  return links.sort(
    (a, b) =>
      compareText(a.importer.path, b.importer.path) ||
      (order.get(a.importer) ?? 0) - (order.get(b.importer) ?? 0) ||
      compareText(a.file, b.file) ||
      compareText(a.specifier, b.specifier) ||
      (order.get(a.target) ?? 0) - (order.get(b.target) ?? 0),
  );
}

function entriesOf(
  target: WorkspacePackage,
  subpath: string,
  analysis: ProjectSummary | undefined,
): string[] {
  if (analysis === undefined) return [];
  const named = entryTargets(target.entries, subpath);
  if (named === undefined) return [];
  const { loaded, pathByName } = analysis;
  const isSource = (absolute: string) => pathByName.has(absolute);
  const sourceOf = (absolute: string) =>
    sourceFor(absolute, isSource, {
      outDir: loaded.outDir,
      rootDir: loaded.rootDir,
      packageDir: target.dir,
    });
  const entries = new Set<string>();
  for (const relative of named.targets) {
    const absolute = path.join(target.dir, relative);
    const found = named.searched ? searchedSources(absolute, sourceOf) : [sourceOf(absolute)];
    // A target `exports` names that is not there (a build not run: zod's `"@zod/source":
    // "./src/index.ts"` beside `"import": "./index.js"`) is loaded by no one: the others decide.
    if (!named.searched && found?.[0] === undefined && !isFile(absolute)) continue;
    // One target without a source is enough to make the link unknown (the consumer may load it).
    if (found === undefined || found.length === 0 || found.includes(undefined)) return [];
    for (const source of found as string[]) {
      entries.add(pathByName.get(source) ?? toPosix(path.relative(target.dir, source)));
    }
  }
  return [...entries].sort(compareText);
}

/**
 * The sources a searched target may load: each candidate that is a source or maps to one;
 * undefined in the list for a candidate that exists but is no analysed source (a plain `.js`
 * file the consumer would load), undefined for a folder with its own package.json.
 */
function searchedSources(
  target: string,
  sourceOf: (absolute: string) => string | undefined,
): (string | undefined)[] | undefined {
  const candidates = searchedCandidates(target, (folder) =>
    isFile(path.join(folder, "package.json")),
  );
  if (candidates === undefined) return undefined;
  const found: (string | undefined)[] = [];
  for (const candidate of candidates) {
    const source = sourceOf(candidate);
    if (source !== undefined) found.push(source);
    else if (isFile(candidate)) found.push(undefined);
  }
  return found;
}
