// The package as npm would publish it: what prepack makes of the built tree (bundled entries,
// reached declarations), staged in a temporary folder and packed into a tarball. Staging and
// bundling take a while, so a worker packs once and every test file that installs the package
// shares that tarball (installed-package.test.ts in `npm test`, installed-package.full.test.ts
// in `npm run test:full`); the repository's dist/ stays the tsc tree the other suites read.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REPO } from "../support/analyzer-fixtures.js";

const run = promisify(execFile);

export const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Quiet, cache-first npm for every install of the package, the documented commands included. */
export const npmEnvironment: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

export interface PackedPackage {
  /** A temporary folder of the worker's own, where the installing projects go. */
  readonly work: string;
  /** The `npm pack` tarball, what `npm i agentix` would download. */
  readonly tarball: string;
}

let packed: { readonly work: string; readonly ready: Promise<PackedPackage> } | undefined;
let users = 0;

async function pack(work: string): Promise<PackedPackage> {
  const stage = path.join(work, "package");
  await run(process.execPath, [path.join(REPO, "scripts/pack.mjs"), "--stage", stage]);
  const { stdout } = await run(
    npm,
    ["pack", "--silent", "--ignore-scripts", "--pack-destination", work, stage],
    { cwd: REPO, encoding: "utf8" },
  );
  return { work, tarball: path.join(work, stdout.trim().split("\n").pop() as string) };
}

/**
 * The worker's packed package, packed on the first call; each caller (a test file's `beforeAll`)
 * gives it back with `releasePackedPackage` (its `afterAll`), and the last one removes it.
 */
export function packedPackage(): Promise<PackedPackage> {
  users += 1;
  if (packed === undefined) {
    const work = mkdtempSync(path.join(tmpdir(), "agentix-package-"));
    packed = { work, ready: pack(work) };
  }
  return packed.ready;
}

export function releasePackedPackage(): void {
  users -= 1;
  if (users > 0 || packed === undefined) return;
  rmSync(packed.work, { recursive: true, force: true });
  packed = undefined;
}
