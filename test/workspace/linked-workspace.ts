// The workspace fixture with its node_modules installed as npm links workspace packages
// (`node_modules/@acme/contracts -> ../../packages/contracts`), and the CLI run on it without and
// with that link (linked-node-modules.test.ts and linked-node-modules.full.test.ts share it).
import { mkdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { CliRun } from "../support/analyzer-fixtures.js";
import { workspaceCopy } from "./workspace-copy.js";

export interface AffectedJson {
  links: { reason: string }[];
  packages: { path: string; result: { widened: { code: string; path: string }[] } }[];
  tests: { files: { file: string; selected: number; whole: boolean }[] };
}

export interface LinkedWorkspace {
  readonly root: string;
  /** The same command without and with the node_modules link (left in place). */
  readonly unlinkedAndLinked: (args: readonly string[], cwd?: string) => Promise<[CliRun, CliRun]>;
}

/** A workspace copy with node_modules/@acme/ (remove it with `removeCopies`). */
export function linkedWorkspace(): LinkedWorkspace {
  const { root, cli } = workspaceCopy();
  mkdirSync(path.join(root, "node_modules/@acme"));
  const link = path.join(root, "node_modules/@acme/contracts");
  return {
    root,
    async unlinkedAndLinked(args, cwd) {
      rmSync(link, { force: true });
      const unlinked = await cli(args, cwd);
      symlinkSync("../../packages/contracts", link, "dir");
      expect(realpathSync(link)).toBe(realpathSync(path.join(root, "packages/contracts")));
      return [unlinked, await cli(args, cwd)];
    },
  };
}
