// The analyzer's modules import each other in one direction only: no cycle between two files, and
// none between two of its folders (a root file such as analyze.ts counts as its own folder). A
// cycle means two concepts that cannot be read, tested or moved apart.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import { findCyclicComponents } from "../../analyzer/graph/cycles.js";
import { REPO } from "../support/analyzer-fixtures.js";

/** Every import of a source file under `root` (any form, types included) of another one. */
function importEdges(root: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const from = toPosix(path.relative(root, file));
        const targets = edges.get(from) ?? new Set<string>();
        edges.set(from, targets);
        for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true)
          .importedFiles) {
          if (!fileName.startsWith(".")) continue;
          const target = path.relative(
            root,
            path.resolve(path.dirname(file), fileName.replace(/\.js$/u, ".ts")),
          );
          if (!target.startsWith("..")) targets.add(toPosix(target));
        }
      }
    }
  };
  visit(root);
  return edges;
}

/** The same edges between top-level folders (`extract/`) and root files (`analyze.ts`). */
function folderEdges(files: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const folderOf = (file: string) => (file.includes("/") ? `${file.split("/")[0]}/` : file);
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    const set = folders.get(folderOf(from)) ?? new Set<string>();
    folders.set(folderOf(from), set);
    for (const to of targets) if (folderOf(to) !== folderOf(from)) set.add(folderOf(to));
  }
  return folders;
}

/** Each cycle with the imports that close it, for a failure message a person can act on. */
function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  return findCyclicComponents(edges).map(({ cycle }) => [...cycle, cycle[0]].join(" -> "));
}

describe("the analyzer's import graph", () => {
  const files = importEdges(path.join(REPO, "analyzer"));

  it("has no cycle between files", () => {
    expect(files.size).toBeGreaterThan(80);
    expect(cycles(files)).toEqual([]);
  });

  it("has no cycle between folders", () => {
    const folders = folderEdges(files);
    expect([...(folders.get("cli/") ?? [])]).toContain("index-builder/");
    expect(cycles(folders)).toEqual([]);
  });

  it("finds a cycle when there is one (import type and re-exports included)", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "agentix-cycles-"));
    try {
      mkdirSync(path.join(root, "a"));
      mkdirSync(path.join(root, "b"));
      writeFileSync(path.join(root, "a/one.ts"), 'import type { Two } from "../b/two.js";\n');
      writeFileSync(path.join(root, "b/two.ts"), 'export * from "./three.js";\n');
      writeFileSync(path.join(root, "b/three.ts"), 'export { one } from "../a/one.js";\n');
      writeFileSync(path.join(root, "b/leaf.ts"), 'import "../a/one.js";\n');
      const edges = importEdges(root);
      expect(cycles(edges)).toEqual(["a/one.ts -> b/two.ts -> b/three.ts -> a/one.ts"]);
      expect(cycles(folderEdges(edges))).toEqual(["a/ -> b/ -> a/"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
