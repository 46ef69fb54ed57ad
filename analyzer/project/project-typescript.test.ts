import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  projectTypeScriptIsOlder,
  rangeIsBelow,
  typeScriptVersionInputs,
} from "./project-typescript.js";

const SIX = { major: 6, minor: 0 };

describe("rangeIsBelow", () => {
  it.each([
    ["5.6.2", true],
    ["=5.6.2", true],
    ["v5.9.3", true],
    ["~5.6", true],
    ["^5.4.0", true],
    ["5.x", true],
    ["5", true],
    ["5.0.0-beta", true],
    ["^4.9 || ^5.0", true],
    [">=4.9 <6", true],
    [">=4.9 <6.0.0", true],
    ["~6.0.1", false],
    ["6.0.3", false],
    ["^6.0.0", false],
    ["6", false],
    [">=5", false],
    [">=4.9 <=6.0", false],
    ["^5.0 || ^6.0", false],
    ["*", false],
    ["latest", false],
    ["workspace:*", false],
    ["npm:typescript@5.6.2", false],
    ["", false],
  ])("%j below 6.0: %s", (range, below) => {
    expect(rangeIsBelow(range, SIX)).toBe(below);
  });
});

describe("projectTypeScriptIsOlder", () => {
  const base = mkdtempSync(path.join(os.tmpdir(), "agentix-project-ts-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const project = (files: Record<string, string>): string => {
    const dir = mkdtempSync(path.join(base, "p-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  };

  it("prefers the installed TypeScript to the declared range", () => {
    const dir = project({
      "package.json": JSON.stringify({ devDependencies: { typescript: "^5.6.0" } }),
      "node_modules/typescript/package.json": JSON.stringify({ version: "6.0.3" }),
    });
    expect(projectTypeScriptIsOlder(dir, "6.0.3")).toBe(false);
    expect(projectTypeScriptIsOlder(dir, "6.1.0")).toBe(true);
  });

  it("reads the nearest package.json that names typescript, in any dependency field", () => {
    const dir = project({
      "package.json": JSON.stringify({ peerDependencies: { typescript: "~5.9.0" } }),
      "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { react: "19" } }),
    });
    expect(projectTypeScriptIsOlder(path.join(dir, "apps/web"), "6.0.3")).toBe(true);
  });

  it("is not older when nothing says, or what says cannot be read", () => {
    expect(projectTypeScriptIsOlder(project({}), "6.0.3")).toBe(false);
    const broken = project({
      "package.json": "{ not json",
      "node_modules/typescript/package.json": JSON.stringify({ version: 5 }),
    });
    expect(projectTypeScriptIsOlder(broken, "6.0.3")).toBe(false);
    const strange = project({
      "package.json": JSON.stringify({ devDependencies: { typescript: ["5.6.2"] } }),
    });
    expect(projectTypeScriptIsOlder(strange, "6.0.3")).toBe(false);
    const empty = project({
      "package.json": JSON.stringify({ devDependencies: null, dependencies: "5.6.2" }),
    });
    expect(projectTypeScriptIsOlder(empty, "6.0.3")).toBe(false);
    // A folder named package.json, and one named node_modules/typescript/package.json.
    const folders = project({ "package.json/x": "", "node_modules/typescript/package.json/x": "" });
    expect(projectTypeScriptIsOlder(folders, "6.0.3")).toBe(false);
  });
});

// formbricks: every package declares `"typescript": "catalog:"`; pnpm-workspace.yaml says 5.9.3.
describe("projectTypeScriptIsOlder with a catalog reference", () => {
  const base = mkdtempSync(path.join(os.tmpdir(), "agentix-project-ts-catalog-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("reads the version the workspace's catalog gives, and knows nothing when none does", () => {
    mkdirSync(path.join(base, "apps/web"), { recursive: true });
    writeFileSync(
      path.join(base, "apps/web/package.json"),
      JSON.stringify({ devDependencies: { typescript: "catalog:" } }),
    );
    expect(projectTypeScriptIsOlder(path.join(base, "apps/web"), "6.0.3")).toBe(false);
    writeFileSync(path.join(base, "pnpm-workspace.yaml"), "catalog:\n  typescript: 5.9.3\n");
    expect(projectTypeScriptIsOlder(path.join(base, "apps/web"), "6.0.3")).toBe(true);
    writeFileSync(path.join(base, "pnpm-workspace.yaml"), "catalog:\n  typescript: ^6.0.0\n");
    expect(projectTypeScriptIsOlder(path.join(base, "apps/web"), "6.0.3")).toBe(false);
    // The files the answer depends on, present or not, up to the catalog that gives it.
    const inputs = typeScriptVersionInputs(path.join(base, "apps/web"));
    expect(inputs).toContain(path.join(base, "apps/web/node_modules/typescript/package.json"));
    expect(inputs).toContain(path.join(base, "apps/web/package.json"));
    expect(inputs).toContain(path.join(base, "apps/web/pnpm-workspace.yaml"));
    expect(inputs.at(-1)).toBe(path.join(base, "pnpm-workspace.yaml"));
  });
});
