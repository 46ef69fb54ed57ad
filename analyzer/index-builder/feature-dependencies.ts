// Stage: the dependencies between features, declared (defineFeature's `dependencies`) and
// imported (any file of A importing a file of B), their consumers, and what is wrong with them:
// contracts outside features, declared but unused dependencies, cycles.
import { findCyclicComponents } from "../graph/cycles.js";
import { relativeToRoot } from "../project/paths.js";
import type { Site } from "../extract/model.js";
import { fileSite, type BuildContext } from "./context.js";
import type { FeatureFolders } from "./feature-folders.js";

/** Folder -> folders; every map is keyed by absolute feature folder. */
type FolderEdges = Map<string, Set<string>>;

/** Where an edge between two feature folders is made: its first import, else the declared dependency. */
type EdgeSites = Map<string, Site>;
const edgeKey = (from: string, to: string): string => `${from}\0${to}`;

export interface FeatureDependencies {
  readonly declared: ReadonlyMap<string, ReadonlySet<string>>;
  readonly imported: ReadonlyMap<string, ReadonlySet<string>>;
  /** Folder -> the folders that declare or import it. */
  readonly consumers: ReadonlyMap<string, ReadonlySet<string>>;
}

export function featureDependencies(
  context: BuildContext,
  folders: FeatureFolders,
): FeatureDependencies {
  const sites: EdgeSites = new Map();
  const { imported, importedOutsideDescriptor } = importedFeatures(context, sites);
  const declared = declaredFeatures(context, folders, sites);
  const consumers: FolderEdges = new Map();
  for (const source of [declared, imported]) {
    for (const [from, targets] of source) {
      for (const to of targets) {
        const set = consumers.get(to) ?? new Set();
        set.add(from);
        consumers.set(to, set);
      }
    }
  }
  reportUnusedDependencies(context, folders, declared, importedOutsideDescriptor);
  reportCycles(context, folders, [declared, imported], sites);
  return { declared, imported, consumers };
}

/** Any file of A importing a file of B; and the same, leaving out A's descriptor file. */
function importedFeatures(
  { analysis }: BuildContext,
  sites: EdgeSites,
): {
  imported: FolderEdges;
  importedOutsideDescriptor: FolderEdges;
} {
  const { roles } = analysis;
  const imported: FolderEdges = new Map();
  const importedOutsideDescriptor: FolderEdges = new Map();
  for (const [file, list] of analysis.imports) {
    const from = roles.featureOf(file);
    if (!from) continue;
    for (const item of list) {
      if (item.target.kind !== "file") continue;
      const to = roles.featureOf(item.target.file);
      if (!to || to.dir === from.dir) continue;
      const set = imported.get(from.dir) ?? new Set();
      set.add(to.dir);
      imported.set(from.dir, set);
      const key = edgeKey(from.dir, to.dir);
      if (!sites.has(key)) sites.set(key, { file, node: item.site.node });
      if (roles.role(file) !== "descriptor") {
        const outside = importedOutsideDescriptor.get(from.dir) ?? new Set();
        outside.add(to.dir);
        importedOutsideDescriptor.set(from.dir, outside);
      }
    }
  }
  return { imported, importedOutsideDescriptor };
}

/** The features whose contracts each feature's descriptor lists. */
function declaredFeatures(
  { analysis, diagnostics }: BuildContext,
  folders: FeatureFolders,
  sites: EdgeSites,
): FolderEdges {
  const declared: FolderEdges = new Map();
  for (const [dir, list] of folders.descriptors) {
    const set = new Set<string>();
    for (const model of list) {
      for (const contract of model.dependencies) {
        const target = analysis.roles.featureOf(contract.site.file);
        if (!target) {
          diagnostics.add(
            "dependency-outside-features",
            "warning",
            `a dependency of feature "${folders.byDir.get(dir)!.feature.id}" is a contract outside every feature folder`,
            model.site,
            [contract.site],
          );
          continue;
        }
        if (target.dir === dir) continue;
        set.add(target.dir);
        const key = edgeKey(dir, target.dir);
        if (!sites.has(key)) sites.set(key, contract.site);
      }
    }
    declared.set(dir, set);
  }
  return declared;
}

function reportUnusedDependencies(
  { diagnostics }: BuildContext,
  folders: FeatureFolders,
  declared: FolderEdges,
  importedOutsideDescriptor: FolderEdges,
): void {
  for (const [dir, set] of declared) {
    const used = importedOutsideDescriptor.get(dir) ?? new Set();
    for (const target of set) {
      if (!used.has(target)) {
        const model = folders.descriptors.get(dir)![0]!;
        diagnostics.add(
          "unused-dependency",
          "warning",
          `feature "${folders.idOfDir(dir)}" declares a dependency on "${folders.idOfDir(target)}" but none of its files (besides the descriptor) imports it`,
          model.site,
        );
      }
    }
  }
}

/** Dependency cycles between features (declared and imported edges). */
function reportCycles(
  context: BuildContext,
  folders: FeatureFolders,
  sources: readonly FolderEdges[],
  edgeSites: EdgeSites,
): void {
  // The graph is one of folders, each named by its id; two folders that share an id (itself an
  // error, duplicate-id) are told apart by their folder, not merged into a cycle of one feature.
  const { idOfDir } = folders;
  const sharing = new Map<string, number>();
  for (const { feature } of folders.byDir.values())
    sharing.set(feature.id, (sharing.get(feature.id) ?? 0) + 1);
  const dirOfNode = new Map<string, string>();
  const nodeOf = (dir: string): string => {
    const id = idOfDir(dir);
    const node =
      (sharing.get(id) ?? 0) > 1
        ? `${id} (${relativeToRoot(context.analysis.loaded.root, dir) ?? dir})`
        : id;
    dirOfNode.set(node, dir);
    return node;
  };
  const edges = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const [from, targets] of source) {
      const node = nodeOf(from);
      const set = edges.get(node) ?? new Set();
      for (const to of targets) set.add(nodeOf(to));
      edges.set(node, set);
    }
  }
  for (const { members, cycle } of findCyclicComponents(edges)) {
    // The cycle is reported at the import (or declared dependency) that closes it, the edges
    // before it related; a feature's first file only when no edge has a site.
    const dirs = cycle.map((node) => dirOfNode.get(node) ?? "");
    const edges = dirs.map((dir, index) =>
      edgeSites.get(edgeKey(dir, dirs[(index + 1) % dirs.length]!)),
    );
    const closing = edges[edges.length - 1];
    const fallback = members.map((node) => {
      const dir = dirOfNode.get(node) ?? "";
      return folders.descriptors.get(dir)?.[0]?.site ?? fileSite(folders.byDir.get(dir)?.files[0]);
    });
    const sites = closing ? [closing, ...edges.slice(0, -1)] : fallback;
    const first = sites.find((site) => site !== null && site !== undefined) ?? null;
    context.diagnostics.add(
      "feature-cycle",
      "error",
      members.length === cycle.length
        ? `features depend on each other in a cycle: ${[...cycle, cycle[0]].join(" -> ")}; dependencies between features must form a directed acyclic graph`
        : `features ${members.join(", ")} depend on each other in cycles, e.g. ${[...cycle, cycle[0]].join(" -> ")}; dependencies between features must form a directed acyclic graph`,
      first,
      sites.filter((site): site is Site => site != null && site !== first),
      // At the import (or declared dependency) that closes it: its column too.
      closing !== undefined,
    );
  }
}
