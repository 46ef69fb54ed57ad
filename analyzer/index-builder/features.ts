// Stage: one entry per feature folder: its descriptor, its contract and what it exports, its
// dependencies and consumers, what is defined in it, its files and its tests. A folder without a
// contract or a descriptor is a warning.
import { locationOf } from "../extract/location.js";
import type { Site } from "../extract/model.js";
import type { FeatureEntry } from "../index-file/types.js";
import { relativeToRoot } from "../project/paths.js";
import { fileSite, type BuildContext } from "./context.js";
import { contractExports } from "./contract-exports.js";
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
  return [...folders.byDir.values()]
    .map((folder) => featureEntry(context, folders, dependencies, tests, folder))
    .sort(
      orderBy(
        (f) => f.id,
        (f) => f.directory,
      ),
    );
}

function featureEntry(
  { analysis, diagnostics }: BuildContext,
  folders: FeatureFolders,
  dependencies: FeatureDependencies,
  tests: TestLinks,
  { feature, files }: FeatureFolder,
): FeatureEntry {
  const { loaded, roles, descriptors } = analysis;
  const model = folders.descriptors.get(feature.dir)?.[0];
  // The first configured entry that exists is the feature's contract.
  const contractFile = feature.contractFiles
    .map((entry) => files.find((file) => roles.absolute(file) === entry))
    .find((file) => file !== undefined);
  const descriptorFile = files.find((file) => roles.absolute(file) === feature.descriptorFile);
  if (!contractFile)
    diagnostics.add(
      "missing-contract",
      "warning",
      `feature "${feature.id}" has no public entry ${feature.contractFiles.map((entry) => relativeToRoot(loaded.root, entry) ?? entry).join(" or ")}`,
      fileSite(files[0]),
    );
  if (!descriptorFile && !model)
    diagnostics.add(
      "missing-descriptor",
      "warning",
      `feature "${feature.id}" has no descriptor (defineFeature in ${relativeToRoot(loaded.root, feature.descriptorFile) ?? feature.descriptorFile})`,
      fileSite(files[0]),
    );
  const contractModel = contractFile
    ? descriptors.contracts.find((contract) => contract.site.file === contractFile)
    : undefined;
  const inFolder = <T extends { site: Site | null }>(items: readonly T[]) =>
    items.filter(
      (item) => item.site !== null && roles.featureOf(item.site.file)?.dir === feature.dir,
    );
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
    operations: sortedUnique(inFolder(descriptors.operations).map((m) => m.id)),
    ports: sortedUnique(inFolder(descriptors.ports).map((m) => m.id)),
    events: sortedUnique(inFolder(descriptors.events).map((m) => m.id)),
    invariants: sortedUnique(inFolder(descriptors.invariants).map((m) => m.id)),
    files: sortedUnique(files.map((file) => file.path)),
    tests: tests.ofFeature(feature.id),
  };
}
