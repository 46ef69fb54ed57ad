import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { isNegatedGlob } from "../../schema/glob-matcher.js";
import { loadConfigForFile } from "../../schema/load-config.js";
import {
  entryName,
  layoutFor,
  type ProjectLayout,
} from "../../eslint-plugin/logic/project/layout.js";
import { ScaffoldError } from "../errors.js";
import { parseFeatureName, type FeatureNames } from "./feature-name.js";
import { featureTemplate, privateTemplatePaths, type TemplateEntries } from "./feature-template.js";
import { toPosix } from "../../schema/paths.js";

export interface ScaffoldOptions {
  /** The project directory (where its tsconfig.json is). */
  readonly projectDir: string;
  readonly name: string;
  /** Plan only: write nothing. */
  readonly dryRun?: boolean;
}

export interface ScaffoldPlan {
  readonly feature: string;
  /** The new feature folder, relative to the project directory, POSIX. */
  readonly directory: string;
  readonly files: readonly {
    readonly path: string;
    readonly bytes: number;
    readonly content: string;
  }[];
  readonly written: boolean;
}

const skippedDirectories = new Set([
  "node_modules",
  "dist",
  "build",
  "coverage",
  ".git",
  ".agentix",
]);

/**
 * Creates `<features>/<name>/` from the public feature template: contract, model, operations,
 * feature descriptor and a test. Never overwrites: an existing folder is refused.
 */
export function scaffoldFeature(options: ScaffoldOptions): ScaffoldPlan {
  const parsed = parseFeatureName(options.name);
  if (!parsed.ok)
    throw new ScaffoldError("invalid-feature-name", `invalid feature name: ${parsed.problem}`);
  const projectDir = path.resolve(options.projectDir);
  const layout = layoutFor(loadConfigForFile(path.join(projectDir, "tsconfig.json")));
  const parent = featuresParent(projectDir, layout, parsed.names.id);
  const featureDir = path.join(parent, parsed.names.id);
  if (layout.featureOf(path.join(featureDir, "feature.ts"))?.id !== parsed.names.id) {
    throw new ScaffoldError(
      "no-feature-location",
      `${toPosix(path.relative(projectDir, featureDir))} would not be a feature folder under features.directories ${JSON.stringify(layout.config.features.directories)}`,
    );
  }
  const directory = toPosix(path.relative(projectDir, featureDir));
  if (exists(featureDir))
    throw new ScaffoldError(
      "feature-exists",
      `${directory} already exists; scaffold never overwrites`,
    );

  const files = featureTemplate(parsed.names, templateEntries(layout, parsed.names)).map(
    (file) => ({
      path: `${directory}/${file.path}`,
      bytes: Buffer.byteLength(file.content),
      content: file.content,
    }),
  );
  if (options.dryRun === true)
    return { feature: parsed.names.id, directory, files, written: false };

  mkdirSync(parent, { recursive: true });
  try {
    mkdirSync(featureDir); // fails if it appeared meanwhile: still never overwrites
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new ScaffoldError(
        "feature-exists",
        `${directory} already exists; scaffold never overwrites`,
      );
    throw error;
  }
  try {
    for (const file of files) {
      const target = path.join(projectDir, file.path);
      mkdirSync(path.dirname(target), { recursive: true }); // an entry may sit in a subfolder
      writeFileSync(target, file.content, { flag: "wx" });
    }
  } catch (error) {
    rmSync(featureDir, { recursive: true, force: true }); // ours alone: we just created it
    throw error;
  }
  return { feature: parsed.names.id, directory, files, written: true };
}

/**
 * The configured entry names for this feature (`{id}` replaced; the first allowed contract),
 * refused when they would collide with each other or with the template's private files.
 */
function templateEntries(layout: ProjectLayout, names: FeatureNames): TemplateEntries {
  const { contract, descriptor } = layout.config.features;
  const entries = {
    contract: entryName(contract[0] ?? "contract.ts", names.id),
    descriptor: entryName(descriptor, names.id),
  };
  const taken = [entries.contract, entries.descriptor, ...privateTemplatePaths(names)];
  const twice = taken.find((file, index) => taken.indexOf(file) !== index);
  if (twice !== undefined)
    throw new ScaffoldError(
      "no-feature-location",
      `the configured features.contract and features.descriptor would both name ${twice} (or a file the template writes: ${privateTemplatePaths(names).join(", ")}); give them distinct names`,
    );
  return entries;
}

/**
 * Where new features go: beside the existing ones when they are in one place (in several, as
 * at a workspace root, scaffold asks which), else where the first
 * `features.directories` glob that names one place puts them (see `firstFeatureParents`).
 */
function featuresParent(projectDir: string, layout: ProjectLayout, id: string): string {
  const existing = [
    ...new Set(findFeatureDirs(projectDir, layout, 6).map((dir) => path.dirname(dir))),
  ].sort();
  if (existing.length > 1)
    throw new ScaffoldError(
      "no-feature-location",
      `features exist in several places: ${existing.map((dir) => toPosix(path.relative(projectDir, dir))).join(", ")}; run scaffold with --root (or --project) naming the one you mean`,
    );
  if (existing[0] !== undefined) return existing[0];
  const { directories } = layout.config.features;
  for (const glob of directories.filter((candidate) => !isNegatedGlob(candidate))) {
    const parents = firstFeatureParents(projectDir, layout, glob, id);
    if (parents.length === 1 && parents[0] !== undefined) return parents[0];
    if (parents.length > 1)
      throw new ScaffoldError(
        "no-feature-location",
        `no feature folder exists yet and features.directories "${glob}" matches several places for one: ${parents.map((dir) => toPosix(path.relative(projectDir, dir)) || ".").join(", ")}; create the first feature folder in the one you mean by hand, and scaffold puts the next ones beside it`,
      );
  }
  throw new ScaffoldError(
    "no-feature-location",
    `no feature folder exists yet and no place under ${toPosix(projectDir)} matches features.directories ${JSON.stringify(directories)} (a wildcard before the last segment must match an existing folder); create the first feature folder by hand`,
  );
}

/**
 * The folders a glob's first feature could go in: its segments before the last, a leading `**`
 * standing for the project directory (else globs start at the config root), a literal segment
 * taken as written (created when missing), and a wildcard segment (`apps/*`) filled from the
 * folders that exist, since scaffold cannot invent an app's name. A `**` later in the glob is
 * not filled. Only folders whose `<parent>/<id>` the layout accepts as a feature count.
 */
function firstFeatureParents(
  projectDir: string,
  layout: ProjectLayout,
  glob: string,
  id: string,
): string[] {
  let segments = glob.split("/").filter((segment) => segment !== "" && segment !== ".");
  let base = layout.config.root;
  if (segments[0] === "**") {
    base = projectDir;
    segments = segments.slice(1);
  }
  if (segments.length === 0) return [];
  let parents = [base];
  for (const segment of segments.slice(0, -1)) {
    if (segment === "**") return [];
    if (!picomatch.scan(segment).isGlob) {
      parents = parents.map((parent) => path.join(parent, segment));
      continue;
    }
    const matches = picomatch(segment, { dot: false });
    parents = parents.flatMap((parent) =>
      subdirectories(parent)
        .filter((name) => !skippedDirectories.has(name) && matches(name))
        .map((name) => path.join(parent, name)),
    );
  }
  return parents
    .filter((parent) => {
      const probe = path.join(parent, id);
      return layout.featureOf(path.join(probe, "feature.ts"))?.dir === probe;
    })
    .sort();
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function findFeatureDirs(dir: string, layout: ProjectLayout, depth: number): string[] {
  if (depth === 0) return [];
  const found: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || skippedDirectories.has(entry.name) || entry.name.startsWith("."))
      continue;
    const child = path.join(dir, entry.name);
    if (layout.featureOf(path.join(child, "feature.ts"))?.dir === child) found.push(child);
    else found.push(...findFeatureDirs(child, layout, depth - 1));
  }
  return found;
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}
