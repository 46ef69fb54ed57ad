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

  // Another workspace package's features, reached by its name or a paths alias (a project
  // without feature folders of its own imports them: the full check must run).
  describe("another package's feature folders", () => {
    let workspaces = 0;
    /** A workspace (a folder with package.json) holding `billing` with `files` and an app. */
    function workspace(billingFiles: readonly string[]): { app: string; billing: string } {
      workspaces += 1;
      const ws = path.join(base, `ws${workspaces}`);
      for (const file of [
        "package.json",
        "apps/api/package.json",
        "apps/api/src/lib/a.ts",
        "packages/billing/package.json",
        ...billingFiles.map((file) => `packages/billing/${file}`),
      ]) {
        mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
        writeFileSync(path.join(ws, file), "{}\n");
      }
      return { app: path.join(ws, "apps/api"), billing: path.join(ws, "packages/billing") };
    }
    const link = (from: string, to: string) => {
      mkdirSync(path.dirname(from), { recursive: true });
      symlinkSync(to, from, "dir");
    };

    it("counts a workspace package linked into node_modules, at the root or above", () => {
      const { app, billing } = workspace(["src/features/invoices/model.ts"]);
      link(path.join(app, "../../node_modules/@ws/billing"), billing);
      expect(createFeatureFolderPresence()(layoutOf(app))).toBe(true);
      const other = workspace(["src/features/invoices/model.ts"]);
      link(path.join(other.app, "node_modules/billing"), other.billing);
      expect(createFeatureFolderPresence()(layoutOf(other.app))).toBe(true);
    });

    it("not a linked workspace package without feature folders", () => {
      const { app, billing } = workspace(["src/lib/money.ts"]);
      link(path.join(app, "node_modules/@ws/billing"), billing);
      expect(createFeatureFolderPresence()(layoutOf(app))).toBe(false);
    });

    it("not a folder linked from outside any workspace (npm link of a checkout)", () => {
      const elsewhere = project(["src/features/orders/model.ts"]);
      const root = project(["src/lib/a.ts"]);
      link(path.join(root, "node_modules/lib"), elsewhere);
      expect(createFeatureFolderPresence()(layoutOf(root))).toBe(false);
    });

    it("counts a folder outside the root that a paths alias names", () => {
      const { app, billing } = workspace(["src/features/invoices/model.ts"]);
      const aliased = path.join(billing, "src");
      expect(createFeatureFolderPresence(() => [aliased])(layoutOf(app))).toBe(true);
      expect(createFeatureFolderPresence(() => [])(layoutOf(app))).toBe(false);
    });

    it("sees a package linked later once the answer is re-checked", () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const { app, billing } = workspace(["src/features/invoices/model.ts"]);
      mkdirSync(path.join(app, "node_modules"));
      const layout = layoutOf(app);
      const presence = createFeatureFolderPresence();
      expect(presence(layout)).toBe(false);
      link(path.join(app, "node_modules/billing"), billing);
      vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
      expect(presence(layout)).toBe(true);
    });
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
