import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogRange } from "./dependency-catalogs.js";

const base = mkdtempSync(path.join(os.tmpdir(), "agentix-catalogs-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A workspace of `files`, with an app folder below it; the app's folder is returned. */
function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(base, "w-"));
  for (const [file, text] of Object.entries({ ...files, "apps/web/package.json": "{}" })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return path.join(dir, "apps/web");
}

const PNPM = [
  "packages:",
  "  - apps/*",
  "catalog:",
  "  typescript: 5.9.3",
  "catalogs:",
  "  legacy:",
  "    typescript: ~5.4.0",
].join("\n");

describe("catalogRange", () => {
  it("pnpm: the default catalog (catalog: and catalog:default) and a named one", () => {
    const app = workspace({ "pnpm-workspace.yaml": PNPM });
    expect(catalogRange("catalog:", "typescript", app)).toBe("5.9.3");
    expect(catalogRange(" catalog:default ", "typescript", app)).toBe("5.9.3");
    expect(catalogRange("catalog:legacy", "typescript", app)).toBe("~5.4.0");
  });

  it("pnpm: catalogs.default stands for the default catalog too", () => {
    const app = workspace({
      "pnpm-workspace.yaml": "catalogs:\n  default:\n    typescript: ^5.8.0\n",
    });
    expect(catalogRange("catalog:", "typescript", app)).toBe("^5.8.0");
  });

  it("Yarn's .yarnrc.yml and Bun's package.json (top level or in workspaces)", () => {
    const yarn = workspace({ ".yarnrc.yml": "catalog:\n  typescript: 5.7.2\n" });
    expect(catalogRange("catalog:", "typescript", yarn)).toBe("5.7.2");
    const bun = workspace({
      "package.json": JSON.stringify({
        workspaces: { packages: ["apps/*"], catalog: { typescript: "5.6.3" } },
        catalogs: { legacy: { typescript: "5.0.4" } },
      }),
    });
    expect(catalogRange("catalog:", "typescript", bun)).toBe("5.6.3");
    expect(catalogRange("catalog:legacy", "typescript", bun)).toBe("5.0.4");
  });

  it("undefined for another range, a catalog that does not name it, or one that cannot be read", () => {
    const app = workspace({ "pnpm-workspace.yaml": PNPM });
    expect(catalogRange("^5.6.0", "typescript", app)).toBeUndefined();
    expect(catalogRange("workspace:*", "typescript", app)).toBeUndefined();
    expect(catalogRange("catalog:missing", "typescript", app)).toBeUndefined();
    expect(catalogRange("catalog:", "vitest", app)).toBeUndefined();
    // A flow mapping this reader does not follow; a folder named pnpm-workspace.yaml; JSON that is none.
    const flow = workspace({ "pnpm-workspace.yaml": "catalog: { typescript: 5.9.3 }\n" });
    expect(catalogRange("catalog:", "typescript", flow)).toBeUndefined();
    const folder = workspace({ "pnpm-workspace.yaml/x": "", "package.json": "{ not json" });
    expect(catalogRange("catalog:", "typescript", folder)).toBeUndefined();
    const strange = workspace({
      "package.json": JSON.stringify({ catalog: ["typescript"], catalogs: { default: null } }),
    });
    expect(catalogRange("catalog:", "typescript", strange)).toBeUndefined();
  });
});
