import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfigForFile } from "../../schema/load-config.js";
import { layoutFor, type ProjectLayout } from "../../eslint-plugin/logic/project/layout.js";
import { ScaffoldError } from "../errors.js";
import { parseFeatureName } from "./feature-name.js";
import { featureTemplate } from "./feature-template.js";
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
  const parent = featuresParent(projectDir, layout);
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

  const files = featureTemplate(parsed.names).map((file) => ({
    path: `${directory}/${file.path}`,
    bytes: Buffer.byteLength(file.content),
    content: file.content,
  }));
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
    for (const file of files)
      writeFileSync(path.join(projectDir, file.path), file.content, { flag: "wx" });
  } catch (error) {
    rmSync(featureDir, { recursive: true, force: true }); // ours alone: we just created it
    throw error;
  }
  return { feature: parsed.names.id, directory, files, written: true };
}

/**
 * Where new features go: beside the existing ones when there are any, else the conventional
 * `src/features` when the configuration accepts it there.
 */
function featuresParent(projectDir: string, layout: ProjectLayout): string {
  const existing = findFeatureDirs(projectDir, layout, 6).sort();
  if (existing[0] !== undefined) return path.dirname(existing[0]);
  const conventional = path.join(projectDir, "src", "features");
  if (layout.featureOf(path.join(conventional, "x", "feature.ts"))?.id === "x") return conventional;
  throw new ScaffoldError(
    "no-feature-location",
    `no feature folder exists yet and src/features/<name> does not match features.directories ${JSON.stringify(layout.config.features.directories)}; create the first feature folder by hand`,
  );
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
