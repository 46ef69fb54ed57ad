// The tools `agentix verify` runs: the project's own TypeScript and Vitest when it has them.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toPosix } from "../../../schema/paths.js";
import { ProjectFileError, readProjectJson } from "../../../schema/read-project-file.js";

/**
 * A package's bin script, from the project first (its own version), else from agentix's own
 * (`own: false`: the project's alone). Found as Node finds the package, in the node_modules
 * folders from there up, by its package.json: not through `require.resolve`, which a package
 * whose `exports` leave out package.json refuses (AVA 4 and later).
 */
export function toolBin(
  root: string,
  packageName: string,
  bin: string,
  { own = true }: { own?: boolean } = {},
): string | undefined {
  const starts = [root, ...(own ? [path.dirname(fileURLToPath(import.meta.url))] : [])];
  for (const start of starts) {
    const manifestPath = installedManifest(start, packageName);
    if (manifestPath === undefined) continue;
    try {
      const manifest = readProjectJson(manifestPath) as {
        bin?: string | Record<string, string>;
      } | null;
      const relative = typeof manifest?.bin === "string" ? manifest.bin : manifest?.bin?.[bin];
      if (typeof relative === "string") return path.join(path.dirname(manifestPath), relative);
    } catch {
      // an unreadable manifest: try the next place
    }
  }
  return undefined;
}

/**
 * Why the project has no bin of its runner (`packages`, the first its usual name) to run: it is
 * not installed, or one is and its package.json cannot be read (named from `root`, with the
 * reason and the JSON position).
 */
export function missingToolWhy(root: string, packages: readonly string[]): string {
  for (const name of packages) {
    const manifest = installedManifest(root, name);
    if (manifest === undefined) continue;
    try {
      readProjectJson(manifest, toPosix(path.relative(root, manifest)));
    } catch (error) {
      if (!(error instanceof ProjectFileError)) throw error;
      return `${name} is installed, but ${error.message}`;
    }
  }
  return `${packages[0] ?? "the runner"} is not installed for this project`;
}

/** The package.json of `packageName` Node would load from `dir`: the nearest node_modules holding it. */
function installedManifest(dir: string, packageName: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, "node_modules", packageName, "package.json");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

const VITEST_CONFIGS = [
  "vitest.config.ts",
  "vitest.config.mts",
  "vitest.config.js",
  "vitest.config.mjs",
  "vitest.config.cts",
  "vitest.config.cjs",
  "vite.config.ts",
  "vite.config.mts",
  "vite.config.js",
  "vite.config.mjs",
];

/** The Vitest (or Vite) config in `dir` Vitest would take, by its name; undefined when none. */
export function vitestConfigIn(dir: string): string | undefined {
  return VITEST_CONFIGS.find((name) => existsSync(path.join(dir, name)));
}

/** The folder Vitest runs from: the nearest one with a Vitest (or Vite) config, else the project root. */
export function vitestRoot(root: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (VITEST_CONFIGS.some((name) => existsSync(path.join(dir, name)))) return dir;
    if (existsSync(path.join(dir, ".git")) || path.dirname(dir) === dir) return root;
  }
}
