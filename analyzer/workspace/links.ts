// How workspace packages import each other: every import whose specifier names another
// workspace package (`@acme/contracts`, `@acme/contracts/money`), with the source files of that
// package the specifier can load (through its package.json `exports`). Found from each package's
// own analysis; node_modules need not be installed.
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import type { Analysis } from "../analyze.js";
import { compareText } from "../project/paths.js";
import { packageName } from "../resolve/module-resolution.js";
import type { Workspace, WorkspacePackage } from "./discover.js";
import { exportTargets, sourceFor } from "./package-exports.js";

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
  analyses: ReadonlyMap<WorkspacePackage, Analysis>,
): WorkspaceLink[] {
  // The projects of one folder share its package name: an import of it links to each of them.
  const byName = new Map<string, WorkspacePackage[]>();
  for (const entry of workspace.packages)
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  const links: WorkspaceLink[] = [];
  for (const [importer, analysis] of analyses) {
    for (const [file, imports] of analysis.imports) {
      for (const item of imports) {
        const specifier = item.edge.specifier;
        if (specifier === null || specifier.startsWith(".") || item.target.kind === "file")
          continue;
        const targets = byName.get(packageName(specifier)) ?? [];
        if (targets.some((target) => target.path === importer.path)) continue;
        for (const target of targets) {
          const subpath = `.${specifier.slice(target.name.length)}`;
          links.push({
            importer,
            file: file.path,
            specifier,
            typeOnly: item.edge.typeOnly,
            target,
            entries: entriesOf(target, subpath, analyses.get(target)),
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
  analysis: Analysis | undefined,
): string[] {
  if (analysis === undefined) return [];
  const { loaded } = analysis;
  const isSource = (absolute: string) => loaded.fileByName.has(absolute);
  const options = loaded.compilerOptions;
  const entries = new Set<string>();
  for (const relative of exportTargets(target.exports, subpath)) {
    const source = sourceFor(path.join(target.dir, relative), isSource, {
      outDir: options.outDir,
      rootDir: options.rootDir,
      packageDir: target.dir,
    });
    // One target without a source is enough to make the link unknown (the consumer may load it).
    if (source === undefined) return [];
    const file = loaded.fileByName.get(source);
    entries.add(file ? file.path : toPosix(path.relative(target.dir, source)));
  }
  return [...entries].sort(compareText);
}
