// Stage: one entry per feature folder: its descriptor, its contract and what it exports, its
// dependencies and consumers, what is defined in it, its files and its tests. A folder without a
// contract or a descriptor in the program is a warning (entry-diagnostics.ts).
import { locationOf } from "../extract/location.js";
import type { Site } from "../extract/model.js";
import type { FeatureEntry } from "../index-file/types.js";
import { fileSite, type BuildContext } from "./context.js";
import { contractExports } from "./contract-exports.js";
import { entryDiagnostics } from "./entry-diagnostics.js";
import type { FeatureDependencies } from "./feature-dependencies.js";
import type { FeatureFolder, FeatureFolders } from "./feature-folders.js";
import { orderBy, sortedUnique } from "./order.js";
import type { TestLinks } from "./test-links.js";

export function featureEntries(
  context: BuildContext,
  folders: FeatureFolders,
  dependencies: FeatureDependencies,
  tests: TestLinks,
): FeatureEntry[] {
  const defined = definedPerFeature(context);
  return [...folders.byDir.values()]
    .map((folder) => featureEntry(context, folders, dependencies, tests, defined, folder))
    .sort(
      orderBy(
        (f) => f.id,
        (f) => f.directory,
      ),
    );
}

function featureEntry(
  context: BuildContext,
  folders: FeatureFolders,
  dependencies: FeatureDependencies,
  tests: TestLinks,
  defined: ReadonlyMap<string, DefinedIds>,
  { feature, files }: FeatureFolder,
): FeatureEntry {
  const { analysis } = context;
  const { roles, descriptors } = analysis;
  const model = folders.descriptors.get(feature.dir)?.[0];
  // The first configured entry the program holds is the feature's contract (one it leaves out
  // is not described: entry-diagnostics.ts).
  const contractFile = feature.contractFiles
    .map((entry) => files.find((file) => roles.absolute(file) === entry))
    .find((file) => file !== undefined);
  const descriptorFile = files.find((file) => roles.absolute(file) === feature.descriptorFile);
  // Where a missing entry is reported: the feature's first source file, a test only when it has
  // nothing else (its first file by name was often a test: `components/__tests__/...`).
  const anchor = fileSite(files.find((file) => roles.role(file) !== "test") ?? files[0]);
  entryDiagnostics(context, feature, {
    contractFile,
    described: descriptorFile !== undefined || model !== undefined,
    anchor,
  });
  const contractModel = contractFile
    ? descriptors.contracts.find((contract) => contract.site.file === contractFile)
    : undefined;
  const inFolder = defined.get(feature.dir);
  const ids = (dirs: ReadonlySet<string> | undefined) =>
    sortedUnique([...(dirs ?? [])].map(folders.idOfDir));
  return {
    id: feature.id,
    directory: roles.directory(feature),
    declaredId: model?.declaredId ?? null,
    descriptor: model ? locationOf(model.site) : null,
    contract: contractFile
      ? {
          file: contractFile.path,
          id: contractModel?.id ?? null,
          location: contractModel ? locationOf(contractModel.site) : null,
          exports: contractExports(analysis, contractFile),
        }
      : null,
    dependencies: {
      declared: ids(dependencies.declared.get(feature.dir)),
      imported: ids(dependencies.imported.get(feature.dir)),
    },
    consumers: ids(dependencies.consumers.get(feature.dir)),
    operations: sortedUnique(inFolder?.operations ?? []),
    ports: sortedUnique(inFolder?.ports ?? []),
    events: sortedUnique(inFolder?.events ?? []),
    invariants: sortedUnique(inFolder?.invariants ?? []),
    files: sortedUnique(files.map((file) => file.path)),
    tests: tests.ofFeature(feature.id),
  };
}

interface DefinedIds {
  readonly operations: string[];
  readonly ports: string[];
  readonly events: string[];
  readonly invariants: string[];
}

/** The ids of what each feature folder defines, found in one pass (not one pass per feature). */
function definedPerFeature({ analysis }: BuildContext): Map<string, DefinedIds> {
  const { roles, descriptors } = analysis;
  const byDir = new Map<string, DefinedIds>();
  const add = (kind: keyof DefinedIds, items: readonly { id: string; site: Site | null }[]) => {
    for (const item of items) {
      const dir = item.site === null ? undefined : roles.featureOf(item.site.file)?.dir;
      if (dir === undefined) continue;
      let ids = byDir.get(dir);
      if (!ids) {
        ids = { operations: [], ports: [], events: [], invariants: [] };
        byDir.set(dir, ids);
      }
      ids[kind].push(item.id);
    }
  };
  add("operations", descriptors.operations);
  add("ports", descriptors.ports);
  add("events", descriptors.events);
  add("invariants", descriptors.invariants);
  return byDir;
}
