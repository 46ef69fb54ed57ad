// How often linting a project without feature folders reads its folders: the configuration's
// project markers and the feature-folder walk share one `stat` per folder and disk round, and a
// folder the walk listed answers for its markers (schema/folder-listings.ts). Counted through
// the module's trace of the paths it asks the disk about.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { diskReads } from "../../schema/folder-listings.js";
import { clearConfigCaches } from "../../schema/load-config.js";
import { clearProjectCaches } from "../logic/project-services.js";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-folder-reads-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
beforeEach(() => {
  clearConfigCaches();
  clearProjectCaches();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  diskReads.trace = undefined;
  vi.useRealTimers();
});

const root = path.join(base, "project");
for (const [file, text] of Object.entries({
  "package.json": "{}",
  "tsconfig.json": "{}",
  "src/a.ts": "",
  "src/app/one.ts": "",
  "src/lib/b.ts": "",
})) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const code = `import { a } from "../a";\nimport { z } from "zod";\n`;

/** The project's paths (relative to it) the disk was asked about while linting its files, by kind. */
function readsOfLint(): { stat: string[]; lstat: string[]; readdir: string[] } {
  const trace: NonNullable<typeof diskReads.trace> = [];
  diskReads.trace = trace;
  // As a lint run goes: folder after folder.
  for (const file of ["src/app/one.ts", "src/lib/b.ts", "src/a.ts"])
    expect(
      lintWithAgentix(root, file, code, ["no-private-imports", "no-ambient-capabilities"]),
    ).toEqual([]);
  diskReads.trace = undefined;
  const reads = { stat: [] as string[], lstat: [] as string[], readdir: [] as string[] };
  for (const [kind, file] of trace)
    if (!path.relative(root, file).startsWith("..")) reads[kind].push(path.relative(root, file));
  return reads;
}

it("stats each folder of the project once per disk round, and lists none again", () => {
  readsOfLint();
  vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
  const { stat, readdir } = readsOfLint();
  // node_modules (absent here) too: a workspace package linked there later may hold features.
  expect(stat.sort()).toEqual(["", "node_modules", "src", "src/app", "src/lib"]);
  expect(readdir).toEqual([]);
});

it("answers a folder's markers from the walk's listing of it", () => {
  const { stat, readdir } = readsOfLint();
  // src/app, linted first, is listed for its markers (a linted folder is listed for its imports
  // anyway); its parents are asked for theirs before the walk lists them, src/lib is not.
  // node_modules is looked into for linked workspace packages, and tsconfig.json for `paths`
  // aliases leading out of the project (their features count too).
  expect(stat.sort()).toEqual([
    "",
    "agentix.config.json",
    "node_modules",
    "package.json",
    "src",
    "src/agentix.config.json",
    "src/app",
    "src/lib",
    "src/package.json",
    "tsconfig.json",
  ]);
  expect(readdir.sort()).toEqual(["", "node_modules", "src", "src/app", "src/lib"]);
});
