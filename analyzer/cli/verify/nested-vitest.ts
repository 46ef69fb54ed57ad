// A test under a folder with a Vitest config of its own, below the folder the project's Vitest
// runs from (starlight: the root tsconfig compiles packages/lib, whose vitest.config.ts has its
// setup files; the root has no Vitest config): `vitest run packages/lib/test/x.test.ts` from the
// root takes it without that config, and it fails. It runs from its own folder, with its config,
// as `cd packages/lib && vitest run test/x.test.ts` does. That config is not read (an answer from
// the index loads no TypeScript): a test another runner's import claims (a Playwright spec) is
// that runner's, every other one is handed to the folder's Vitest.
import path from "node:path";
import { relativeToRoot } from "../../project/paths.js";
import type { AffectedTestFile } from "../../affected/result.js";
import { vitestConfigIn } from "./tools.js";

/** A folder below the Vitest root with a config of its own. */
export interface NestedVitest {
  /** Absolute. */
  readonly dir: string;
  /** The config, relative to the project root. */
  readonly config: string;
}

/** The nested folder each selected test runs from, for the tests that have one. */
export function nestedVitestFolders(
  root: string,
  cwd: string,
  tests: readonly AffectedTestFile[],
): Map<AffectedTestFile, NestedVitest> {
  const byDir = new Map<string, NestedVitest | null>();
  const folderOf = (dir: string): NestedVitest | null => {
    const known = byDir.get(dir);
    if (known !== undefined) return known;
    let found: NestedVitest | null = null;
    // Strictly inside the root (the root itself has no config, or it is where Vitest runs).
    if (dir !== cwd && relativeToRoot(root, dir) !== undefined) {
      const name = vitestConfigIn(dir);
      found =
        name !== undefined
          ? { dir, config: relativeToRoot(root, path.join(dir, name)) as string }
          : folderOf(path.dirname(dir));
    }
    byDir.set(dir, found);
    return found;
  };
  const nested = new Map<AffectedTestFile, NestedVitest>();
  for (const test of tests) {
    const folder = folderOf(path.dirname(path.join(root, test.file)));
    if (folder !== null) nested.set(test, folder);
  }
  return nested;
}

/** The test's path from its nested folder (what its config's globs and Vitest's filters see). */
export function pathInFolder(root: string, folder: NestedVitest, test: AffectedTestFile): string {
  return relativeToRoot(folder.dir, path.join(root, test.file)) as string;
}
