// listFolderTree: one pass over a project's source folders, bounded, never into node_modules, a
// dot-folder, build output or a symbolic link; a folder that cannot be listed is passed over.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { unlistedFoldersNamed } from "../test/support/unlisted-folders.js";
import { endDiskRound } from "./disk-rounds.js";
import { clearFolderListings, diskReads, listFolderTree } from "./folder-listings.js";

unlistedFoldersNamed("locked");

const root = mkdtempSync(path.join(tmpdir(), "agentix-folder-tree-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  clearFolderListings();
  endDiskRound();
});

for (const folder of [
  "a/b",
  "c",
  "locked/inner",
  "node_modules/pkg",
  ".git/objects",
  ".next/server/chunks",
  "dist/esm",
  "coverage/lcov",
])
  mkdirSync(path.join(root, folder), { recursive: true });
symlinkSync(path.join(root, "a"), path.join(root, "link"));

/** The folders (relative to the root) listFolderTree reads, and what it returns. */
function walk(limit: number): { read: string[]; listed: string[] } {
  const trace: NonNullable<typeof diskReads.trace> = [];
  diskReads.trace = trace;
  try {
    const listed = listFolderTree(root, limit)
      .map((dir) => path.relative(root, dir) || ".")
      .sort();
    const read = trace
      .filter(([kind]) => kind === "readdir")
      .map(([, dir]) => path.relative(root, dir) || ".")
      .sort();
    return { read, listed };
  } finally {
    diskReads.trace = undefined;
  }
}

it("reads every source folder of the tree once: not node_modules, a dot-folder, build output or a link, nor below what cannot be listed", () => {
  const every = [".", "a", "a/b", "c", "locked"];
  expect(walk(100)).toEqual({ read: every, listed: every });
  // Read for this round: asked again, nothing is read.
  expect(walk(100)).toEqual({ read: [], listed: every });
});

it("stops at its limit", () => {
  const { read, listed } = walk(2);
  // Which folder comes second is the file system's order.
  expect(listed).toHaveLength(2);
  expect(read).toEqual(listed);
  expect(read).toContain(".");
});
