// Startup cost is part of every CLI run and every ESLint start: the TypeScript compilers
// (typescript, ts-morph's bundled copy) are CommonJS, and importing a 9 MB CommonJS file from an
// ES module makes Node detect its format and scan its exports first (about half a second per
// process, measured). The built package loads them with require (`import x = require()`).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(path.join(dir, entry.name)) : entry.name.endsWith(".js") ? [path.join(dir, entry.name)] : [],
  );
}

describe("startup", () => {
  it("never imports typescript or ts-morph as an ES module in the built analyzer core and rules", () => {
    // analyzer/affected and analyzer/scaffold (the affected/verify/scaffold verbs) are not covered yet.
    const folders = ["analyzer/cli", "analyzer/extract", "analyzer/graph", "analyzer/index-file", "analyzer/project", "analyzer/resolve", "analyzer/schema-projection", "analyzer/violations", "eslint-plugin", "schema"];
    const offenders = folders
      .flatMap((folder) => builtFiles(path.join(REPO, "dist", folder)))
      .filter((file) => /^\s*import\s[^;]*from\s+["'](?:typescript|ts-morph)["']/mu.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(REPO, file));
    expect(offenders).toEqual([]);
  });
});
