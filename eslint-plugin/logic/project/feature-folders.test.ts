// The early exit of no-private-imports for projects without feature folders: each case fails
// when the walk answers "none" while a feature folder exists (or could be reached).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { defaultConfig, parseConfig } from "../../../schema/load-config.js";
import { DISK_ROUND_QUIET_MS } from "../../../schema/disk-rounds.js";
import { createFeatureFolderPresence } from "./feature-folders.js";
import { ProjectLayout } from "./layout.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-feature-folders-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

let projects = 0;
/** A fresh project folder with `files` (relative paths) written. */
function project(files: readonly string[]): string {
  projects += 1;
  const root = path.join(base, `p${projects}`);
  for (const file of ["package.json", ...files]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "{}\n");
  }
  return root;
}

const layoutOf = (root: string) => new ProjectLayout(defaultConfig(root));

describe("feature folder presence", () => {
  it("is false for a project whose folders hold no feature folder", () => {
    const root = project(["src/lib/a.ts", "src/domains/orders/model.ts", "src/features.ts"]);
    expect(createFeatureFolderPresence()(layoutOf(root))).toBe(false);
  });

  it("finds a feature folder however deep it sits", () => {
    const root = project(["packages/app/src/features/orders/model.ts", "src/lib/a.ts"]);
    expect(createFeatureFolderPresence()(layoutOf(root))).toBe(true);
  });

  it("finds an empty feature folder (a folder matched, no file needed)", () => {
    const root = project(["src/lib/a.ts"]);
    mkdirSync(path.join(root, "src/features/orders"), { recursive: true });
    expect(createFeatureFolderPresence()(layoutOf(root))).toBe(true);
  });

  it("ignores feature-shaped folders inside node_modules and .git", () => {
    const root = project([
      "node_modules/pkg/src/features/orders/model.ts",
      ".git/src/features/orders/x",
      "src/lib/a.ts",
    ]);
    expect(createFeatureFolderPresence()(layoutOf(root))).toBe(false);
  });

  it("assumes feature folders behind a symbolic link to a folder", () => {
    const elsewhere = project(["src/features/orders/model.ts"]);
    const root = project(["src/lib/a.ts"]);
    symlinkSync(elsewhere, path.join(root, "linked"), "dir");
    expect(createFeatureFolderPresence()(layoutOf(root))).toBe(true);
  });

  it("matches the configured `features.directories`, not the default", () => {
    const root = project(["src/modules/billing/billing.module.ts", "src/features/x.ts"]);
    const configured = new ProjectLayout(
      parseConfig(
        { features: { directories: ["src/modules/*"] } },
        path.join(root, "agentix.config.json"),
      ),
    );
    const presence = createFeatureFolderPresence();
    expect(presence(layoutOf(root))).toBe(false);
    expect(presence(configured)).toBe(true);
  });

  it("sees a feature folder created later once the answer is re-checked", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const root = project(["src/lib/a.ts"]);
    const layout = layoutOf(root);
    const presence = createFeatureFolderPresence();
    expect(presence(layout)).toBe(false);
    mkdirSync(path.join(root, "src/features/orders"), { recursive: true });
    // Within the disk round the cached answer stands (that is the cache).
    expect(presence(layout)).toBe(false);
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(presence(layout)).toBe(true);
  });

  it("sees a feature folder created deep below a new folder", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const root = project(["src/lib/a.ts"]);
    const layout = layoutOf(root);
    const presence = createFeatureFolderPresence();
    expect(presence(layout)).toBe(false);
    mkdirSync(path.join(root, "packages/new/src/features/orders"), { recursive: true });
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(presence(layout)).toBe(true);
  });

  it("builds a path for each folder and link it walks, not for each file", () => {
    const root = project(["src/lib/a.ts", "src/lib/b.ts", "src/lib/c.ts", "src/main.ts"]);
    symlinkSync(path.join(root, "src/main.ts"), path.join(root, "src/linked.ts"));
    const layout = layoutOf(root);
    const joined = vi.spyOn(path, "join");
    expect(createFeatureFolderPresence()(layout)).toBe(false);
    const calls = [...joined.mock.calls];
    joined.mockRestore();
    expect(calls.map((parts) => path.relative(root, path.join(...parts))).sort()).toEqual([
      "src",
      "src/lib",
      "src/linked.ts",
    ]);
  });

  it("walks afresh after clear()", () => {
    const root = project(["src/lib/a.ts"]);
    const layout = layoutOf(root);
    const presence = createFeatureFolderPresence();
    expect(presence(layout)).toBe(false);
    mkdirSync(path.join(root, "src/features/orders"), { recursive: true });
    presence.clear();
    expect(presence(layout)).toBe(true);
  });
});
