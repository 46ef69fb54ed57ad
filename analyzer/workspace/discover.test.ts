// discoverWorkspace on small folders written here: what is a project (a tsconfig), where the
// projects of a solution are, and what is left unanalysed. No analysis runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverWorkspace } from "./discover.js";
import { folderSiblings, solutionProjects, tsconfigShape } from "../project/solution-tsconfig.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A folder with these files (relative path -> text). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "agentix-discover-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const SOLUTION = (...paths: string[]) =>
  `{\n  // a solution\n  "files": [],\n  "references": [${paths.map((p) => `{ "path": "${p}" }`).join(", ")},],\n}\n`;

/** The projects as [path, tsconfig relative to the root or null, name]. */
function projects(root: string) {
  return discoverWorkspace(root)?.packages.map((entry) => [
    entry.path,
    entry.tsconfig === undefined ? null : path.relative(root, entry.tsconfig),
    entry.name,
  ]);
}

describe("a tsconfig's shape", () => {
  it("is a solution only with files: [], no include and references (comments and trailing commas allowed)", () => {
    const root = folder({
      "tsconfig.json": SOLUTION("./tsconfig.app.json", "lib"),
      "own.json": '{ "include": ["src"], "references": [{ "path": "lib" }] }',
      "base.json": '{ "compilerOptions": { "strict": true } }',
      "lib/tsconfig.json": "{}",
    });
    expect(tsconfigShape(path.join(root, "tsconfig.json"))).toEqual({
      solution: [path.join(root, "tsconfig.app.json"), path.join(root, "lib/tsconfig.json")],
      namesFiles: false,
      includesAll: false,
    });
    expect(tsconfigShape(path.join(root, "own.json"), { namesFiles: true })).toEqual({
      solution: undefined,
      namesFiles: true,
      includesAll: false,
    });
    // Neither files nor include: TypeScript compiles every file below it.
    expect(tsconfigShape(path.join(root, "base.json"), { namesFiles: true })).toEqual({
      solution: undefined,
      namesFiles: false,
      includesAll: true,
    });
    expect(tsconfigShape(path.join(root, "missing.json"))).toBeUndefined();
  });

  it("stands for its references' projects, nested solutions expanded, each once, cycles cut", () => {
    const root = folder({
      "tsconfig.json": SOLUTION("./apps/web", "./tsconfig.tools.json", "./missing.json"),
      "tsconfig.tools.json": '{ "include": ["tools"] }',
      "apps/web/tsconfig.json": SOLUTION("./tsconfig.app.json", "./tsconfig.node.json", "../.."),
      "apps/web/tsconfig.app.json": '{ "include": ["src"] }',
      "apps/web/tsconfig.node.json": '{ "include": ["vite.config.ts"] }',
    });
    expect(solutionProjects(path.join(root, "tsconfig.json"))).toEqual(
      [
        "apps/web/tsconfig.app.json",
        "apps/web/tsconfig.node.json",
        "tsconfig.tools.json",
        "missing.json",
      ].map((file) => path.join(root, file)),
    );
    expect(folderSiblings(path.join(root, "apps/web"))).toEqual([
      path.join(root, "apps/web/tsconfig.app.json"),
      path.join(root, "apps/web/tsconfig.node.json"),
    ]);
    expect(folderSiblings(root)).toEqual([
      path.join(root, "tsconfig.tools.json"),
      path.join(root, "missing.json"),
    ]);
    // No solution there: no siblings.
    expect(folderSiblings(path.join(root, "apps"))).toEqual([]);
  });
});

describe("discoverWorkspace", () => {
  it("a Vite app inside an npm workspace is its two projects; a package without a tsconfig is unanalysed", () => {
    const root = folder({
      "package.json": '{ "name": "acme", "workspaces": ["apps/*", "packages/*"] }',
      "apps/web/package.json": '{ "name": "@acme/web" }',
      "apps/web/tsconfig.json": SOLUTION("./tsconfig.app.json", "./tsconfig.node.json"),
      "apps/web/tsconfig.app.json": '{ "include": ["src"] }',
      "apps/web/tsconfig.node.json": '{ "include": ["vite.config.ts"] }',
      "packages/util/package.json": '{ "name": "@acme/util" }',
    });
    expect(projects(root)).toEqual([
      ["apps/web", "apps/web/tsconfig.app.json", "@acme/web"],
      ["apps/web", "apps/web/tsconfig.node.json", "@acme/web"],
      ["packages/util", null, "@acme/util"],
    ]);
  });

  it("the root folder's projects: a solution's references there, or a tsconfig.json that names files", () => {
    const withInclude = folder({
      "package.json": '{ "name": "acme", "workspaces": ["packages/*"] }',
      "tsconfig.json": '{ "include": ["test"] }',
      "packages/a/package.json": '{ "name": "a" }',
      "packages/a/tsconfig.json": "{}",
    });
    expect(projects(withInclude)).toEqual([
      [".", "tsconfig.json", "acme"],
      ["packages/a", "packages/a/tsconfig.json", "a"],
    ]);
    // Options only (packages extend it): not a project of its own while every package has a
    // tsconfig; with one that has none (xstate's packages/core), the project that compiles it.
    const baseOnly = folder({
      "package.json": '{ "workspaces": ["packages/*"] }',
      "tsconfig.json": '{ "compilerOptions": { "strict": true } }',
      "packages/a/package.json": '{ "name": "a" }',
      "packages/a/tsconfig.json": '{ "extends": "../../tsconfig.json" }',
    });
    expect(projects(baseOnly)).toEqual([["packages/a", "packages/a/tsconfig.json", "a"]]);
    rmSync(path.join(baseOnly, "packages/a/tsconfig.json"));
    expect(projects(baseOnly)).toEqual([
      [".", "tsconfig.json", "."],
      ["packages/a", null, "a"],
    ]);
    // A solution without package.json: the root folder's projects are named ".".
    const solution = folder({
      "tsconfig.json": SOLUTION("./tsconfig.build.json", "./tsconfig.spec.json", "./gone"),
      "tsconfig.build.json": '{ "include": ["src"] }',
      "tsconfig.spec.json": '{ "include": ["src", "test"] }',
    });
    expect(projects(solution)).toEqual([
      [".", "tsconfig.build.json", "."],
      [".", "tsconfig.spec.json", "."],
      ["gone", null, "gone"],
    ]);
  });

  // gql.tada's examples/example-pokemon-api and examples/example-pokemon-vue: pnpm installs both.
  it("two folders with one package name are both projects, and a note says so", () => {
    const root = folder({
      "tsconfig.json": SOLUTION("./a", "./b"),
      "a/package.json": '{ "name": "same" }',
      "a/tsconfig.json": "{}",
      "b/package.json": '{ "name": "same" }',
      "b/tsconfig.json": "{}",
    });
    const workspace = discoverWorkspace(root)!;
    expect(workspace.packages.map((entry) => [entry.name, entry.path])).toEqual([
      ["same", "a"],
      ["same", "b"],
    ]);
    expect(workspace.notes).toEqual([
      "2 workspace packages are named same (a, b): an import of same counts as importing each of them",
    ]);
  });
});
