// `"typescript": "catalog:"`: a dependency whose version the workspace keeps in a catalog, in
// pnpm's pnpm-workspace.yaml, Yarn's .yarnrc.yml or Bun's root package.json, not in the
// package.json that uses it (formbricks: every package names "catalog:", pnpm-workspace.yaml
// says 5.9.3).
import { existsSync } from "node:fs";
import path from "node:path";
import { readProjectFile, readProjectJson } from "../../schema/read-project-file.js";
import { scalarAt } from "./simple-yaml.js";

const REFERENCE = /^catalog:(.*)$/u;
/** Workspace files that hold catalogs in YAML, by how a workspace's root is marked. */
const YAML_SOURCES = ["pnpm-workspace.yaml", ".yarnrc.yml"];

/**
 * The range a catalog reference (`catalog:`, `catalog:default`, `catalog:react18`) of
 * `dependency` stands for, from the nearest catalog at or above `from`; undefined for another
 * kind of range, or when no catalog names it (or says it in a form that cannot be read).
 */
export function catalogRange(
  reference: string,
  dependency: string,
  from: string,
  /** Told each file looked for, present or not. */
  consulted: (file: string) => void = () => {},
): string | undefined {
  const match = REFERENCE.exec(reference.trim());
  if (match === null) return undefined;
  const name = (match[1] as string).trim() || "default";
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const source of YAML_SOURCES) {
      const file = path.join(dir, source);
      consulted(file);
      if (existsSync(file)) {
        const found = yamlCatalogEntry(file, name, dependency);
        if (found !== undefined) return found;
      }
    }
    consulted(path.join(dir, "package.json"));
    const found = bunCatalogEntry(path.join(dir, "package.json"), name, dependency);
    if (found !== undefined) return found;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function yamlCatalogEntry(file: string, name: string, dependency: string): string | undefined {
  let text: string;
  try {
    text = readProjectFile(file);
  } catch {
    return undefined; // unreadable: it says nothing
  }
  const ways =
    name === "default"
      ? [
          ["catalog", dependency],
          ["catalogs", "default", dependency],
        ]
      : [["catalogs", name, dependency]];
  for (const keys of ways) {
    const value = scalarAt(text, keys);
    if (typeof value === "string" || typeof value === "number") return String(value);
  }
  return undefined;
}

/** Bun's catalogs: `catalog` / `catalogs` in the root package.json, or in its `workspaces` object. */
function bunCatalogEntry(file: string, name: string, dependency: string): string | undefined {
  if (!existsSync(file)) return undefined;
  let json: unknown;
  try {
    json = readProjectJson(file);
  } catch {
    return undefined;
  }
  for (const holder of [json, field(json, "workspaces")]) {
    const catalogs = field(holder, "catalogs");
    const catalog =
      name === "default"
        ? (field(holder, "catalog") ?? field(catalogs, "default"))
        : field(catalogs, name);
    const value = field(catalog, dependency);
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** `value[key]` when value is a plain object, else undefined. */
function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
