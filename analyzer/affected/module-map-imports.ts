// What Jest loads in place of an import its `moduleNameMapper` matches (project/jest-module-map.ts):
// the importer loads the mapped file under Jest, whatever TypeScript resolved the import to, so
// a change to the mapped file reaches the tests that load the importer (resolution
// MODULE_MAP_RESOLUTION). A mapped name that is a package (`identity-obj-proxy`) loads none of
// the project's files.
import path from "node:path";
import { mappedNames, type ModuleMapEntry } from "../project/jest-module-map.js";
import { relativeToRoot } from "../project/paths.js";
import { MODULE_MAP_RESOLUTION, type ImportFact } from "./facts.js";

/** The resolutions of the imports a file's text makes (index-file/types.ts ImportEdge). */
const IMPORT_RESOLUTIONS: ReadonlySet<string> = new Set([
  "file",
  "asset",
  "package",
  "builtin",
  "outside",
  "unresolved",
]);

/** The extensions Jest tries (its default moduleFileExtensions, ts-jest's first). */
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".json"];

/** Adds, to each import the mapper matches, an edge to the project file it maps to. */
export function addModuleMapImports(
  imports: Map<string, ImportFact[]>,
  entries: readonly ModuleMapEntry[],
  root: string,
  isProjectFile: (file: string) => boolean,
): void {
  const found = (absolute: string): string | undefined => {
    for (const candidate of [
      ...EXTENSIONS.map((extension) => absolute + extension),
      ...EXTENSIONS.slice(1).map((extension) => path.join(absolute, `index${extension}`)),
    ]) {
      const file = relativeToRoot(root, candidate);
      if (file !== undefined && isProjectFile(file)) return file;
    }
    return undefined;
  };
  for (const [importer, list] of imports)
    for (const item of [...list]) {
      const specifier = item.specifier;
      // Only what the importer imports (a named path or a setup file is no module name).
      if (specifier === null || !IMPORT_RESOLUTIONS.has(item.resolution)) continue;
      const names = mappedNames(entries, specifier);
      if (names === undefined) continue;
      const dir = path.dirname(path.join(root, importer));
      const targets = new Set<string>();
      for (const name of names) {
        // A relative name is the importer's (Jest resolves it from there); a bare one, a package.
        const absolute = path.isAbsolute(name)
          ? name
          : name.startsWith(".")
            ? path.resolve(dir, name)
            : undefined;
        const file = absolute === undefined ? undefined : found(absolute);
        if (file !== undefined && file !== importer) targets.add(file);
      }
      for (const target of targets)
        if (item.target.kind !== "file" || item.target.path !== target)
          list.push({
            target: { kind: "file", path: target },
            position: item.position,
            typeOnly: item.typeOnly,
            resolution: MODULE_MAP_RESOLUTION,
            edgeTarget: target,
            specifier,
          });
    }
}
