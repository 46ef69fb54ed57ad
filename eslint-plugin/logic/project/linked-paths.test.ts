import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { endDiskRound } from "../../../schema/disk-rounds.js";
import { createLinkedPaths } from "./linked-paths.js";

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

  it("says nothing of a dangling link (it leads nowhere)", () => {
    const root = project();
    symlinkSync("features/gone.ts", path.join(root, "src/dangling.ts"));
    expect(createLinkedPaths().realPathOf(path.join(root, "src/dangling.ts"), root)).toBe(
      undefined,
    );
  });

  it("keeps its generation while no folder it read changes, and starts another once one gains a link", () => {
    const root = project();
    const links = createLinkedPaths();
    const billing = path.join(root, "src/features/billing");
    const first = links.generation();
    expect(links.mayLeadThroughLink(billing, root)).toBe(false);
    endDiskRound();
    expect(links.generation()).toBe(first);
    symlinkSync("../orders", path.join(billing, "orders-link"));
    // Within the round the answer stands; the next round sees the folder changed.
    expect(links.mayLeadThroughLink(billing, root)).toBe(false);
    endDiskRound();
    expect(links.generation()).toBe(first + 1);
    expect(links.mayLeadThroughLink(billing, root)).toBe(true);
  });
});
