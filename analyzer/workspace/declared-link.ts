// Whether an import of a workspace package's name loads that package, by how the importer's
// package.json declares the name. A package may depend on the registry's package of the same
// name (formbricks' apps/web has `"storybook": "catalog:"`, 10.3.6 in pnpm's catalog, and a
// workspace package apps/storybook named "storybook", version 0.0.0): pnpm links a workspace
// package for `workspace:`, or by version when told to (formbricks is), so a change in
// apps/storybook reaches none of apps/web's tests. Read without node_modules, which need not be
// installed.
import path from "node:path";
import { existsSync } from "node:fs";
import { readProjectFile } from "../../schema/read-project-file.js";
import { catalogRange } from "../project/dependency-catalogs.js";
import { scalarAt, UNREADABLE } from "../project/simple-yaml.js";
import { rangeAdmits } from "./version-range.js";

/** The package.json fields that list dependencies, in the order a range is looked for. */
export const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;

/** The range a package.json gives `name` (the first field that lists it), or undefined. */
export function declaredRange(
  manifest: Readonly<Record<string, unknown>> | undefined,
  name: string,
): string | undefined {
  for (const field of DEPENDENCY_FIELDS) {
    const listed = manifest?.[field];
    if (typeof listed !== "object" || listed === null) continue;
    const range = (listed as Record<string, unknown>)[name];
    if (typeof range === "string") return range;
  }
  return undefined;
}

/** What the importer and the workspace package are, for linksWorkspacePackage. */
export interface LinkQuestion {
  /** Absolute workspace root, and how it declares its packages. */
  readonly root: string;
  readonly kind: "npm" | "pnpm" | "tsconfig-references";
  /** Absolute folder of the importing package, and its package.json. */
  readonly importerDir: string;
  readonly manifest: Readonly<Record<string, unknown>> | undefined;
  /** The workspace package's name, absolute folder and package.json `version`. */
  readonly name: string;
  readonly targetDir: string;
  readonly targetVersion: string | undefined;
}

/**
 * Whether the importer gets the workspace package for its name: undeclared (it resolves through
 * whatever node_modules holds, where npm, Yarn and Bun link every workspace package), by
 * `workspace:`, or by a `file:`/`link:`/`portal:` path to its folder; by a version range or a
 * catalog's that its version satisfies (version-range.ts; a range that reader cannot read is
 * taken to), but under pnpm only when `link-workspace-packages` is set (else pnpm installs the
 * registry's). A git or URL source, an `npm:` alias: never.
 */
export function linksWorkspacePackage(question: LinkQuestion): boolean {
  const { importerDir, manifest, name } = question;
  let range = declaredRange(manifest, name)?.trim();
  if (range === undefined) return true;
  if (range.startsWith("catalog:")) range = catalogRange(range, name, importerDir) ?? range;
  if (range.startsWith("workspace:")) return true;
  const local = /^(?:file|link|portal):(.*)$/u.exec(range);
  if (local) return path.resolve(importerDir, local[1] as string) === question.targetDir;
  if (/^(?:npm:|git[+:]|https?:|github:)|:\/\/|^[\w.-]+\/[\w.-]+(?:#.*)?$/u.test(range))
    return false; // an alias, a git repository, a tarball, GitHub's `owner/repo`
  if (question.kind === "pnpm" && !pnpmLinksByVersion(question.root)) return false;
  return rangeAdmits(range, question.targetVersion) ?? true;
}

/** pnpm's `link-workspace-packages` (.npmrc) or `linkWorkspacePackages` (pnpm-workspace.yaml). */
function pnpmLinksByVersion(root: string): boolean {
  const yaml = path.join(root, "pnpm-workspace.yaml");
  const npmrc = path.join(root, ".npmrc");
  try {
    if (existsSync(yaml)) {
      const value = scalarAt(readProjectFile(yaml), ["linkWorkspacePackages"]);
      // A value this reader cannot read: the link is assumed.
      if (value !== undefined) return value === true || value === "deep" || value === UNREADABLE;
    }
    if (existsSync(npmrc)) {
      const setting = /^\s*link-workspace-packages\s*=\s*(\S+)/mu.exec(readProjectFile(npmrc));
      if (setting) return setting[1] === "true" || setting[1] === "deep";
    }
  } catch {
    // Unreadable: the link is assumed, as without the setting's word.
    return true;
  }
  return false;
}
