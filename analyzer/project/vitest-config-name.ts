// Where Vitest looks for its config, apart from reading it (vitest-config.ts): the fresh-index
// answers ask only whether there is one, and must not load TypeScript to know.
import path from "node:path";
import { isFile } from "../../schema/folder-listings.js";

/** The names Vitest tries in a project's root, in its order. */
export const CONFIG_NAMES = ["vitest.config", "vite.config"].flatMap((base) =>
  ["ts", "mts", "cts", "js", "mjs", "cjs"].map((ext) => `${base}.${ext}`),
);

/** The project's main Vitest (or Vite) config as Vitest finds it, root-relative; null if none. */
export function mainConfigName(root: string): string | null {
  return CONFIG_NAMES.find((name) => isFile(path.join(root, name))) ?? null;
}
