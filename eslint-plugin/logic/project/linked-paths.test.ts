import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { endDiskRound } from "../../../schema/disk-rounds.js";
import { diskReads } from "../../../schema/folder-listings.js";
import { unlistedFoldersNamed } from "../../../test/support/unlisted-folders.js";
import { createLinkedPaths } from "./linked-paths.js";

// Folders named "locked" exist but cannot be listed (see the last cases).
unlistedFoldersNamed("locked");

const base = mkdtempSync(path.join(tmpdir(), "agentix-linked-paths-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let count = 0;
/** A fresh project: `src/features/{orders,billing}` with a few files, links made by each case. */
function project(): string {
  const root = path.join(base, `p${(count += 1)}`);
  for (const file of ["src/features/orders/internal.ts", "src/features/billing/model.ts"]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "export const x = 1;\n");
  }
  return root;
}

beforeEach(() => endDiskRound());

describe("createLinkedPaths", () => {
  it("says nothing of a path without links (no realpath asked)", () => {
    const root = project();
    const links = createLinkedPaths();
    expect(links.mayLeadThroughLink(path.join(root, "src/features/billing"), root)).toBe(false);
    expect(links.realPathOf(path.join(root, "src/features/billing/model.ts"), root)).toBe(
      undefined,
    );
  });

  it("follows a linked folder below the root to where it leads", () => {
    const root = project();
    symlinkSync("../orders", path.join(root, "src/features/billing/orders-link"));
    const links = createLinkedPaths();
    // The folder holding the link may lead through it; the linked folder is one on the way.
    expect(links.mayLeadThroughLink(path.join(root, "src/features/billing"), root)).toBe(true);
    expect(
      links.mayLeadThroughLink(path.join(root, "src/features/billing/orders-link"), root),
    ).toBe(true);
    expect(links.mayLeadThroughLink(path.join(root, "src/features/orders"), root)).toBe(false);
    expect(
      links.realPathOf(path.join(root, "src/features/billing/orders-link/internal.ts"), root),
    ).toBe(path.join(root, "src/features/orders/internal.ts"));
    expect(links.realPathOf(path.join(root, "src/features/billing/model.ts"), root)).toBe(
      undefined,
    );
  });

  it("follows a linked file", () => {
    const root = project();
    symlinkSync("features/orders/internal.ts", path.join(root, "src/shortcut.ts"));
    const links = createLinkedPaths();
    expect(links.realPathOf(path.join(root, "src/shortcut.ts"), root)).toBe(
      path.join(root, "src/features/orders/internal.ts"),
    );
  });

  it("writes a file in the project under the root as given when the root itself is behind a link", () => {
    const root = project();
    symlinkSync("features/orders/internal.ts", path.join(root, "src/shortcut.ts"));
    const linkedRoot = path.join(base, `linked-root-${count}`);
    symlinkSync(root, linkedRoot);
    const links = createLinkedPaths();
    expect(links.realPathOf(path.join(linkedRoot, "src/shortcut.ts"), linkedRoot)).toBe(
      path.join(linkedRoot, "src/features/orders/internal.ts"),
    );
    // The root's own link is not one below the root: no file is judged elsewhere for it.
    expect(
      links.realPathOf(path.join(linkedRoot, "src/features/billing/model.ts"), linkedRoot),
    ).toBe(undefined);
  });

  it("says nothing of a dangling link or a loop of links (they lead nowhere)", () => {
    const root = project();
    symlinkSync("features/gone.ts", path.join(root, "src/dangling.ts"));
    symlinkSync("loop-b", path.join(root, "src/loop-a"));
    symlinkSync("loop-a", path.join(root, "src/loop-b"));
    const links = createLinkedPaths();
    expect(links.realPathOf(path.join(root, "src/dangling.ts"), root)).toBe(undefined);
    expect(links.mayLeadThroughLink(path.join(root, "src/loop-a"), root)).toBe(true);
    expect(links.realPathOf(path.join(root, "src/loop-a/x.ts"), root)).toBe(undefined);
  });

  it("keeps its generation within a disk round; the next round sees a link created since", () => {
    const root = project();
    const links = createLinkedPaths();
    const billing = path.join(root, "src/features/billing");
    const first = links.generation();
    expect(links.mayLeadThroughLink(billing, root)).toBe(false);
    symlinkSync("../orders", path.join(billing, "orders-link"));
    // Within the round the answer stands; the next round reads the folder again.
    expect(links.generation()).toBe(first);
    expect(links.mayLeadThroughLink(billing, root)).toBe(false);
    endDiskRound();
    const second = links.generation();
    expect(second).not.toBe(first);
    expect(links.mayLeadThroughLink(billing, root)).toBe(true);
    // clear() starts another generation within the round: kept answers are asked again.
    links.clear();
    expect(links.generation()).not.toBe(second);
  });

  it("looks again only at the folders a later round asks about, not at every folder it read", () => {
    const root = project();
    const links = createLinkedPaths();
    const orders = path.join(root, "src/features/orders");
    const billing = path.join(root, "src/features/billing");
    links.mayLeadThroughLink(orders, root);
    links.mayLeadThroughLink(billing, root);
    endDiskRound();
    diskReads.trace = [];
    try {
      links.mayLeadThroughLink(billing, root);
    } finally {
      const looked = diskReads.trace.map(([, file]) => path.relative(root, file));
      diskReads.trace = undefined;
      expect(looked).toContain("src/features/billing");
      expect(looked).not.toContain("src/features/orders");
    }
  });

  it("answers for each project root apart: a link is on the way only below the root asked about", () => {
    const workspace = project();
    mkdirSync(path.join(workspace, "real-pkg/src"), { recursive: true });
    symlinkSync("real-pkg", path.join(workspace, "pkg"));
    const links = createLinkedPaths();
    const source = path.join(workspace, "pkg/src");
    // The package's own root is reached through the link: nothing below it is one.
    expect(links.mayLeadThroughLink(source, path.join(workspace, "pkg"))).toBe(false);
    // From the workspace's root, the same folder lies behind the link `pkg`.
    expect(links.mayLeadThroughLink(source, workspace)).toBe(true);
  });

  it("takes a folder that cannot be listed for one that may hold links", () => {
    const root = project();
    const locked = path.join(root, "src/locked");
    mkdirSync(locked);
    symlinkSync("../features/orders/internal.ts", path.join(locked, "shortcut.ts"));
    writeFileSync(path.join(locked, "plain.ts"), "export const y = 2;\n");
    const links = createLinkedPaths();
    expect(links.mayLeadThroughLink(locked, root)).toBe(true);
    expect(links.realPathOf(path.join(locked, "shortcut.ts"), root)).toBe(
      path.join(root, "src/features/orders/internal.ts"),
    );
    // A plain file there is looked at (realpath) and found to be where it is.
    expect(links.realPathOf(path.join(locked, "plain.ts"), root)).toBe(undefined);
  });
});
