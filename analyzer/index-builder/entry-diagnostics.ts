// What the index says of a feature whose public entry or descriptor the program lacks: missing
// when no configured file exists, else outside the analysed program. Existence is the disk's,
// as ESLint and check judge it (a tsconfig with `"files": [...]`, an Nx tsconfig.spec.json that
// includes only tests): the entry is there, the index only cannot describe it.
import path from "node:path";
import type { Feature } from "../../eslint-plugin/logic/project/layout.js";
import type { Site } from "../extract/model.js";
import type { ProjectFile } from "../project/load-project.js";
import { relativeToRoot } from "../project/paths.js";
import { toPosix } from "../../schema/paths.js";
import { fileSite, type BuildContext } from "./context.js";

export interface FoundEntries {
  /** The feature's contract among the program's files. */
  readonly contractFile: ProjectFile | undefined;
  /** Whether the program holds a descriptor of the feature (its file, or a defineFeature). */
  readonly described: boolean;
  /** Where a missing entry is reported. */
  readonly anchor: Site | null;
}

export function entryDiagnostics(
  { analysis, diagnostics }: BuildContext,
  feature: Feature,
  { contractFile, described, anchor }: FoundEntries,
): void {
  const { loaded, existence } = analysis;
  const shown = (file: string) => relativeToRoot(loaded.root, file) ?? file;
  const tsconfig = toPosix(path.relative(loaded.root, loaded.tsconfigFile));
  // A root file the program lacks could not be read (load-project.ts reports why).
  const roots = new Set(loaded.roots.rootNames.map((file) => path.resolve(file)));
  const outside = (what: string, file: string, undescribed: string) =>
    `feature "${feature.id}"'s ${what} ${shown(file)} is outside the analysed program (${roots.has(path.resolve(file)) ? "it cannot be read" : `${tsconfig} does not include it`}): ${undescribed} not described`;
  if (!contractFile) {
    const onDisk = feature.contractFiles.find((entry) => existence.exists(entry));
    if (onDisk)
      diagnostics.add(
        "entry-outside-program",
        "warning",
        outside("public entry", onDisk, "its exports are"),
        anchor,
      );
    else
      diagnostics.add(
        "missing-contract",
        "warning",
        `feature "${feature.id}" has no public entry ${feature.contractFiles.map(shown).join(" or ")}`,
        anchor,
      );
  }
  if (described) return;
  // At the feature's public entry when it has one (NestJS's user.module.ts), not at whichever
  // file comes first by name (a controller three folders down).
  const site = contractFile ? fileSite(contractFile) : anchor;
  if (existence.exists(feature.descriptorFile))
    diagnostics.add(
      "entry-outside-program",
      "warning",
      outside("descriptor", feature.descriptorFile, "its id and dependencies are"),
      site,
    );
  else
    diagnostics.add(
      "missing-descriptor",
      "warning",
      `feature "${feature.id}" has no descriptor (defineFeature in ${shown(feature.descriptorFile)})`,
      site,
    );
}
