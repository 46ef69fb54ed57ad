import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { declaredRange, linksWorkspacePackage, type LinkQuestion } from "./declared-link.js";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A workspace root holding `files`; its packages are apps/web (importer) and apps/storybook. */
function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "agentix-declared-link-"));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const question = (
  root: string,
  kind: LinkQuestion["kind"],
  dependencies: Record<string, unknown> | undefined,
  targetVersion: string | undefined = "8.6.1",
): LinkQuestion => ({
  root,
  kind,
  importerDir: path.join(root, "apps/web"),
  manifest: dependencies === undefined ? { name: "web" } : { name: "web", dependencies },
  name: "storybook",
  targetDir: path.join(root, "apps/storybook"),
  targetVersion,
});

describe("declaredRange", () => {
  it("reads the first dependency field that lists the name, a string only", () => {
    expect(declaredRange({ devDependencies: { x: "^1" }, dependencies: { x: "^2" } }, "x")).toBe(
      "^2",
    );
    expect(declaredRange({ peerDependencies: { x: "*" } }, "x")).toBe("*");
    expect(declaredRange({ dependencies: { x: 1 }, optionalDependencies: { x: "2" } }, "x")).toBe(
      "2",
    );
    expect(declaredRange({ dependencies: null, devDependencies: "x" }, "x")).toBeUndefined();
    expect(declaredRange(undefined, "x")).toBeUndefined();
    // Hostile shapes: a list where a map belongs, an inherited key, a null range.
    expect(declaredRange({ dependencies: ["x"] }, "x")).toBeUndefined();
    expect(declaredRange({ dependencies: {} }, "constructor")).toBeUndefined();
    expect(declaredRange({ dependencies: { x: null }, devDependencies: { x: "1" } }, "x")).toBe(
      "1",
    );
  });
});

describe("linksWorkspacePackage", () => {
  const pnpm = workspace({
    "pnpm-workspace.yaml": 'packages:\n  - "apps/*"\ncatalog:\n  storybook: ^8.6.0\n',
  });
  const npm = workspace({ "package.json": '{ "workspaces": ["apps/*"] }\n' });

  it.each([
    ["undeclared (resolved through whatever node_modules holds)", undefined, true],
    ["workspace:*", { storybook: "workspace:*" }, true],
    ["workspace:^", { storybook: " workspace:^ " }, true],
    ["a file: path to its folder", { storybook: "file:../storybook" }, true],
    ["a link: path to another folder", { storybook: "link:../other" }, false],
    ["an npm: alias", { storybook: "npm:storybook@^8" }, false],
    ["a git source", { storybook: "git+https://github.com/storybookjs/storybook.git" }, false],
    ["GitHub's owner/repo", { storybook: "storybookjs/storybook#main" }, false],
    ["a tarball URL", { storybook: "https://example.com/storybook.tgz" }, false],
  ])("%s: %s", (_, dependencies, expected) => {
    expect(linksWorkspacePackage(question(npm, "npm", dependencies))).toBe(expected);
    expect(linksWorkspacePackage(question(pnpm, "pnpm", dependencies))).toBe(expected);
  });

  it("a version range or a catalog's: pnpm takes the registry's, npm, Yarn and Bun the one it admits", () => {
    for (const range of ["^8.6.0", "catalog:", "latest"]) {
      expect(linksWorkspacePackage(question(pnpm, "pnpm", { storybook: range }))).toBe(false);
      expect(linksWorkspacePackage(question(npm, "npm", { storybook: range }))).toBe(true);
    }
    // 0.0.0 satisfies none of these: npm installs the registry's.
    for (const range of ["^8.6.0", "8.6.1", "~8.6.0"])
      expect(linksWorkspacePackage(question(npm, "npm", { storybook: range }, "0.0.0"))).toBe(
        false,
      );
    // A range or a version this reader cannot read: the link is assumed.
    expect(linksWorkspacePackage(question(npm, "npm", { storybook: ">=9 <10" }, "0.0.0"))).toBe(
      true,
    );
    expect(linksWorkspacePackage(question(npm, "npm", { storybook: "^8.6.0" }, undefined))).toBe(
      true,
    );
  });

  // formbricks: pnpm links by version (linkWorkspacePackages: true), apps/web takes storybook
  // 10.3.6 through the catalog, and apps/storybook is 0.0.0.
  it("pnpm linking by version links only the version a range admits", () => {
    const root = workspace({
      "pnpm-workspace.yaml":
        'packages:\n  - "apps/*"\ncatalog:\n  storybook: 10.3.6\nlinkWorkspacePackages: true\n',
    });
    expect(linksWorkspacePackage(question(root, "pnpm", { storybook: "catalog:" }, "0.0.0"))).toBe(
      false,
    );
    expect(linksWorkspacePackage(question(root, "pnpm", { storybook: "catalog:" }, "10.3.6"))).toBe(
      true,
    );
  });

  it("a catalog entry that is workspace: links under pnpm", () => {
    const root = workspace({
      "pnpm-workspace.yaml": 'packages:\n  - "apps/*"\ncatalog:\n  storybook: "workspace:*"\n',
    });
    expect(linksWorkspacePackage(question(root, "pnpm", { storybook: "catalog:" }))).toBe(true);
  });

  it("an unreadable pnpm-workspace.yaml (a folder there) assumes the link", () => {
    const root = workspace({ "pnpm-workspace.yaml/x": "" });
    expect(linksWorkspacePackage(question(root, "pnpm", { storybook: "^8.6.0" }))).toBe(true);
  });

  it("reads a megabyte range in linear time, as a range it cannot read", () => {
    const range = `^${"1.".repeat(500_000)}0`;
    expect(linksWorkspacePackage(question(npm, "npm", { storybook: range }, "0.0.0"))).toBe(true);
    const slashes = `${"a".repeat(1_000_000)}!`;
    expect(linksWorkspacePackage(question(npm, "npm", { storybook: slashes }, "0.0.0"))).toBe(true);
  });

  it.each([
    ["pnpm-workspace.yaml", { "pnpm-workspace.yaml": "linkWorkspacePackages: true\n" }, true],
    ["pnpm-workspace.yaml, deep", { "pnpm-workspace.yaml": "linkWorkspacePackages: deep\n" }, true],
    [
      "pnpm-workspace.yaml, false",
      { "pnpm-workspace.yaml": "linkWorkspacePackages: false\n" },
      false,
    ],
    [
      "pnpm-workspace.yaml, unreadable",
      { "pnpm-workspace.yaml": "linkWorkspacePackages:\n  a: b\n" },
      true,
    ],
    [".npmrc", { ".npmrc": "registry=https://r.example\nlink-workspace-packages = true\n" }, true],
    [".npmrc, false", { ".npmrc": "link-workspace-packages=false\n" }, false],
  ])("pnpm linking by version (%s) links a range", (_, files, expected) => {
    const root = workspace(files);
    expect(linksWorkspacePackage(question(root, "pnpm", { storybook: "^8.6.0" }))).toBe(expected);
  });
});
