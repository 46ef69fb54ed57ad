// The tools `agentix verify` runs: the project's own TypeScript and Vitest when it has them.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A package's bin script, from the project first (its own version), else from agentix's own
 * (`own: false`: the project's alone).
 */
export function toolBin(
  root: string,
  packageName: string,
  bin: string,
  { own = true }: { own?: boolean } = {},
): string | undefined {
  const bases = [path.join(root, "package.json"), ...(own ? [fileURLToPath(import.meta.url)] : [])];
  for (const base of bases) {
    try {
      const manifestPath = createRequire(base).resolve(`${packageName}/package.json`);
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
        bin?: string | Record<string, string>;
      };
      const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[bin];
      if (relative !== undefined) return path.join(path.dirname(manifestPath), relative);
    } catch {
      // try the next place
    }
  }
  return undefined;
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
