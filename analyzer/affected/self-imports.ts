// An import of the project's own package name (`import { double } from "mylib"` in its tests):
// Node resolves it through the package.json `exports` (or `main`) to what the build wrote, which
// stands for the sources (project/package-exports.ts sourceFor: outDir to rootDir, `dist/` to
// `src/`). TypeScript resolves it to the build, or to nothing before one, so such a test reached
// no source and was never selected for a change to one. Each such import gains an edge to the
// sources its entries stand for (resolution SELF_RESOLUTION). Workspaces link packages by name
// elsewhere (workspace/links.ts); this is a package importing itself.
import path from "node:path";
import { packageName } from "../resolve/module-resolution.js";
import { readManifest } from "../project/workspace-folders.js";
import {
  entryTargets,
  importTargets,
  packageEntries,
  searchedCandidates,
  sourceFor,
} from "../project/package-exports.js";
import { SELF_RESOLUTION, type ImportFact } from "./facts.js";

export interface SelfImportContext {
  readonly root: string;
  readonly outDir: string | undefined;
  readonly rootDir: string | undefined;
  /** The analysed file (root-relative) at an absolute file name, if it is one. */
  readonly projectFile: (absolute: string) => string | undefined;
}

/**
 * Adds the edges to the sources each import of the root package's own name loads, and those of
 * each `#` import (package.json `imports`) under every condition: TypeScript follows one
 * condition (`default`, `types`) where Vitest on Node loads another (`node`).
 */
export function addSelfImports(
  imports: Map<string, ImportFact[]>,
  context: SelfImportContext,
): void {
  const manifest = ownManifest(context.root);
  const name = manifest?.["name"];
  const ownName = typeof name === "string" && name !== "" ? name : undefined;
  const hashImports = manifest?.["imports"];
  if (ownName === undefined && hashImports === undefined) return;
  const entries = packageEntries(manifest);
  const sourcesOf = new Map<string, readonly string[]>();
  const loaded = (specifier: string): readonly string[] => {
    let sources = sourcesOf.get(specifier);
    if (sources === undefined) {
      sources = specifier.startsWith("#")
        ? sourcesAt(importTargets(hashImports, specifier), false, context)
        : sourcesFor(
            specifier === ownName ? "." : `.${specifier.slice((ownName as string).length)}`,
            entries,
            context,
          );
      sourcesOf.set(specifier, sources);
    }
    return sources;
  };
  for (const [importer, list] of imports)
    for (const item of [...list]) {
      const specifier = item.specifier;
      if (specifier === null || item.resolution === SELF_RESOLUTION) continue;
      const hash = specifier.startsWith("#") && hashImports !== undefined;
      if (!hash && (item.target.kind === "file" || packageName(specifier) !== ownName)) continue;
      for (const source of loaded(specifier))
        if (source !== importer)
          list.push({
            target: { kind: "file", path: source },
            position: item.position,
            typeOnly: item.typeOnly,
            resolution: SELF_RESOLUTION,
            edgeTarget: source,
            specifier,
          });
    }
}

function ownManifest(root: string): Readonly<Record<string, unknown>> | undefined {
  try {
    return readManifest(path.join(root, "package.json"));
  } catch {
    // A package.json that is no JSON is reported where configuration is read.
    return undefined;
  }
}

/** The analysed sources (root-relative, sorted) the entries of `subpath` stand for. */
function sourcesFor(
  subpath: string,
  entries: ReturnType<typeof packageEntries>,
  context: SelfImportContext,
): string[] {
  const named = entryTargets(entries, subpath);
  if (named === undefined) return [];
  return sourcesAt(named.targets, named.searched, context);
}

/** The analysed sources (root-relative, sorted) package-relative `targets` stand for. */
function sourcesAt(
  targets: readonly string[],
  searched: boolean,
  context: SelfImportContext,
): string[] {
  const isSource = (absolute: string) => context.projectFile(absolute) !== undefined;
  const sourceOf = (absolute: string) =>
    sourceFor(absolute, isSource, {
      outDir: context.outDir,
      rootDir: context.rootDir,
      packageDir: context.root,
    });
  const found = new Set<string>();
  for (const relative of targets) {
    const absolute = path.join(context.root, relative);
    const candidates = searched ? (searchedCandidates(absolute, () => false) ?? []) : [absolute];
    for (const candidate of candidates) {
      const source = sourceOf(candidate);
      const file = source === undefined ? undefined : context.projectFile(source);
      if (file !== undefined) found.add(file);
    }
  }
  return [...found].sort();
}
