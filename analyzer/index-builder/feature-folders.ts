// Stage: the feature folders, their files and their defineFeature descriptors (a feature's id is
// its folder name: descriptors outside every folder, with another id, or twice are diagnostics).
import type { Feature } from "../../eslint-plugin/logic/project/layout.js";
import type { FeatureDescriptorModel } from "../extract/model.js";
import type { ProjectFile } from "../project/load-project.js";
import type { BuildContext } from "./context.js";
import path from "node:path";

export interface FeatureFolder {
  readonly feature: Feature;
  readonly files: ProjectFile[];
}

export interface FeatureFolders {
  /** Folder (absolute) -> the feature and its files, in file order. */
  readonly byDir: ReadonlyMap<string, FeatureFolder>;
  /** Folder -> the defineFeature calls in it (the first one is the descriptor). */
  readonly descriptors: ReadonlyMap<string, readonly FeatureDescriptorModel[]>;
  /** The feature id of a folder. */
  idOfDir(dir: string): string;
}

export function featureFolders(context: BuildContext): FeatureFolders {
  const { loaded, roles } = context.analysis;
  const byDir = new Map<string, FeatureFolder>();
  for (const file of loaded.files) {
    const feature = roles.featureOf(file);
    if (!feature) continue;
    let entry = byDir.get(feature.dir);
    if (!entry) {
      entry = { feature, files: [] };
      byDir.set(feature.dir, entry);
    }
    entry.files.push(file);
  }
  return {
    byDir,
    descriptors: descriptorsByDir(context, byDir),
    idOfDir: (dir) => byDir.get(dir)?.feature.id ?? path.basename(dir),
  };
}

function descriptorsByDir(
  { analysis, diagnostics }: BuildContext,
  folders: ReadonlyMap<string, FeatureFolder>,
): Map<string, FeatureDescriptorModel[]> {
  const { loaded, roles, descriptors } = analysis;
  const byDir = new Map<string, FeatureDescriptorModel[]>();
  for (const model of descriptors.features) {
    const feature = roles.featureOf(model.site.file);
    if (!feature) {
      diagnostics.add(
        "feature-outside-folder",
        "error",
        `defineFeature${model.declaredId ? ` "${model.declaredId}"` : ""} is outside every feature folder (${directoriesText(loaded.config.features.directories)}); a feature's id is its folder name`,
        model.site,
      );
      continue;
    }
    const list = byDir.get(feature.dir) ?? [];
    list.push(model);
    byDir.set(feature.dir, list);
    if (model.declaredId !== null && model.declaredId !== feature.id) {
      diagnostics.add(
        "feature-id-mismatch",
        "error",
        `defineFeature declares id "${model.declaredId}" in the folder of feature "${feature.id}" (${roles.directory(feature)}); a feature's id is its folder name: rename the id or the folder`,
        model.site,
      );
    }
  }
  for (const [dir, list] of byDir) {
    if (list.length > 1) {
      const feature = folders.get(dir)!.feature;
      diagnostics.add(
        "multiple-descriptors",
        "error",
        `feature "${feature.id}" has ${list.length} defineFeature calls; a feature has one descriptor`,
        list[1]!.site,
        [list[0]!.site],
      );
    }
  }
  return byDir;
}

/** The configured feature folder globs as a message names them; an empty list says so. */
function directoriesText(directories: readonly string[]): string {
  return directories.length === 0
    ? "features.directories is empty: no folder is a feature folder"
    : `features.directories: ${directories.join(", ")}`;
}
