// Startup cost is part of every CLI run and every ESLint start: the TypeScript compilers
// (typescript, ts-morph's bundled copy) are CommonJS, and importing a 9 MB CommonJS file from an
// ES module makes Node detect its format and scan its exports first (about half a second per
// process, measured). The built package loads them with require (`import x = require()`).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, REPO, copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".js")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe("startup", () => {
  it("never imports typescript or ts-morph as an ES module in the built analyzer and rules", () => {
    const folders = ["analyzer", "eslint-plugin", "schema"];
    const offenders = folders
      .flatMap((folder) => builtFiles(path.join(REPO, "dist", folder)))
      .filter((file) =>
        /^\s*import\s[^;]*from\s+["'](?:typescript|ts-morph)["']/mu.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(REPO, file));
    expect(offenders).toEqual([]);
  });
});

describe("the bin", () => {
  afterAll(removeCopies);

  /** Runs the bin on a copy of a fixture and reports which compilers it loaded, as it exits. */
  function loaded(fixture: string): unknown {
    const dir = copyFixture(fixture);
    const probe = path.join(dir, "probe.cjs");
    writeFileSync(
      probe,
      `process.on("exit", () => {
  const cache = require("node:module")._cache;
  const files = Object.keys(cache).filter((file) => file.endsWith("typescript.js"));
  const estree = Object.keys(cache).some((file) => file.includes("typescript-estree"));
  const exports = new Set(files.map((file) => cache[file].exports));
  process.stderr.write("@@" + JSON.stringify({ estree, files: files.length, modules: exports.size }) + "\\n");
});\n`,
    );
    const result = spawnSync(process.execPath, ["-r", probe, BIN, "index"], {
      cwd: dir,
      encoding: "utf8",
    });
    return JSON.parse(/@@(.*)/u.exec(result.stderr)?.[1] ?? "null") as unknown;
  }

  it("loads one TypeScript: typescript-estree and the rules' logic get ts-morph's (0.3 s saved, the syntax kinds of its trees)", () => {
    // The broken fixture has files the rules must see. Two files resolve to TypeScript
    // (ts-morph's and the package's), both to the one module.
    expect(loaded("broken")).toEqual({ estree: true, files: 2, modules: 1 });
  });

  it("does not load typescript-estree when no file can hold a violation", () => {
    expect(loaded("shop")).toEqual({ estree: false, files: 2, modules: 1 });
  });
});
