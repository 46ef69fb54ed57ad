// What a single-file component a project file imports (`./demo.vue`, `./Button.svelte`,
// `./Card.astro`) imports in its turn. TypeScript sees the component as an asset, so a change
// to a module only the component loads reached no test (vueuse's demo.browser.test.ts imports
// ./demo.vue, which imports useMouse). The component's text is scanned for import specifiers
// (never run), each resolved as TypeScript would from the component's folder; the importer then
// loads those modules through the component (resolution COMPONENT_RESOLUTION).
import { readFileSync } from "node:fs";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { relativeToRoot } from "../project/paths.js";
import { COMPONENT_RESOLUTION, type ImportFact } from "./facts.js";

const COMPONENT = /\.(?:vue|svelte|astro)$/u;
/**
 * `import x from "y"`, `import "y"`, `export ... from "y"`, `import("y")`. Every repetition is
 * bounded: a component's text is the user's, and a long run of spaces must not make it slow.
 */
const SPECIFIER =
  /\bimport\s{1,40}(?:[^"';()]{1,300}?\s{1,40}from\s{0,40})?["']([^"'\n]{1,300})["']|\bexport\s{1,40}[^"';()]{1,300}?\s{1,40}from\s{0,40}["']([^"'\n]{1,300})["']|\bimport\s{0,40}\(\s{0,40}["']([^"'\n]{1,300})["']/gu;

/**
 * Adds, to each file that imports a component, the project files the component imports (and
 * those of the components it imports, a few levels deep), at the position of its own import.
 */
export function addComponentImports(
  imports: Map<string, ImportFact[]>,
  root: string,
  options: ts.CompilerOptions,
  isProjectFile: (file: string) => boolean,
): void {
  const loads = new Map<string, string[]>();
  const loadsOf = (component: string, depth: number, seen: Set<string>): string[] => {
    if (seen.has(component) || depth > 4) return [];
    seen.add(component);
    const direct = loads.get(component) ?? componentImports(component, root, options);
    loads.set(component, direct);
    return direct.flatMap((file) =>
      COMPONENT.test(file) ? loadsOf(file, depth + 1, seen) : isProjectFile(file) ? [file] : [],
    );
  };
  for (const [importer, list] of imports)
    for (const item of [...list]) {
      if (item.resolution !== "asset" || item.edgeTarget === null) continue;
      if (!COMPONENT.test(item.edgeTarget)) continue;
      const seen = new Set<string>();
      for (const file of new Set(loadsOf(item.edgeTarget, 0, seen)))
        if (file !== importer)
          list.push({
            target: { kind: "file", path: file },
            position: item.position,
            typeOnly: false,
            resolution: COMPONENT_RESOLUTION,
            edgeTarget: file,
            specifier: item.edgeTarget,
          });
      // The components it imports in its turn: a change there is a change to this importer's
      // asset too (classify-changes.ts assetImporters).
      for (const nested of seen)
        if (nested !== item.edgeTarget)
          list.push({ ...item, edgeTarget: nested, specifier: item.edgeTarget });
    }
}

/** The root-relative files a component's imports resolve to (components included). */
function componentImports(component: string, root: string, options: ts.CompilerOptions): string[] {
  const absolute = path.join(root, component);
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = (match[1] ?? match[2] ?? match[3]) as string;
    const target = COMPONENT.test(specifier)
      ? specifier.startsWith(".")
        ? path.resolve(path.dirname(absolute), specifier)
        : undefined
      : ts.resolveModuleName(specifier, absolute, options, ts.sys).resolvedModule?.resolvedFileName;
    if (target === undefined) continue;
    const relative = relativeToRoot(root, path.resolve(target));
    if (relative !== undefined && !found.includes(relative)) found.push(relative);
  }
  return found;
}
