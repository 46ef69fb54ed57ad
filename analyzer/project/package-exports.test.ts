import path from "node:path";
import { describe, expect, it } from "vitest";
import { entryTargets, packageEntries, searchedCandidates, sourceFor } from "./package-exports.js";

const pkg = path.resolve("/repo/packages/server");
const at = (relative: string) => path.join(pkg, relative);
const sources = new Set(
  [
    "src/index.ts",
    "src/adapters/express.ts",
    "src/adapters/aws-lambda/index.ts",
    "lib/main.ts",
  ].map(at),
);
const isSource = (absolute: string) => sources.has(absolute);

describe("sourceFor", () => {
  // trpc's packages are built by tsdown: `exports` name dist/*.mjs, *.cjs, *.d.mts and *.d.cts.
  it.each([
    ["dist/index.d.mts", "src/index.ts"],
    ["dist/index.mjs", "src/index.ts"],
    ["dist/index.cjs", "src/index.ts"],
    ["dist/adapters/express.d.cts", "src/adapters/express.ts"],
    ["dist/adapters/aws-lambda/index.mjs", "src/adapters/aws-lambda/index.ts"],
  ])("maps a bundler's %s to %s", (target, source) => {
    expect(sourceFor(at(target), isSource, { packageDir: pkg })).toBe(at(source));
  });

  // novu's framework: tsup writes dist/cjs/*.cjs and dist/esm/*.js; its tsconfig says outDir
  // dist, rootDir "." (tsc would write dist/src/...).
  it.each([
    ["dist/cjs/adapters/express.cjs", "src/adapters/express.ts"],
    ["dist/esm/adapters/express.d.ts", "src/adapters/express.ts"],
    ["dist/types/index.d.ts", "src/index.ts"],
  ])(
    "maps a bundler's per-format %s to %s, past a tsconfig outDir it lies in",
    (target, source) => {
      expect(sourceFor(at(target), isSource, { packageDir: pkg })).toBe(at(source));
      const tsc = { outDir: at("dist"), rootDir: pkg, packageDir: pkg };
      expect(sourceFor(at(target), isSource, tsc)).toBe(at(source));
    },
  );

  it("does not strip a folder that is no format's (dist/adapters/x is src/adapters/x only)", () => {
    expect(sourceFor(at("dist/adapters/index.mjs"), isSource, { packageDir: pkg })).toBeUndefined();
  });

  it("finds nothing when src/ has no such file: the link stays unknown", () => {
    expect(sourceFor(at("dist/cli.mjs"), isSource, { packageDir: pkg })).toBeUndefined();
    expect(sourceFor(at("build/index.mjs"), isSource, { packageDir: pkg })).toBeUndefined();
  });

  it("keeps a tsconfig's outDir and rootDir first, and does not guess past them", () => {
    const options = { outDir: at("out"), rootDir: at("lib"), packageDir: pkg };
    expect(sourceFor(at("out/main.js"), isSource, options)).toBe(at("lib/main.ts"));
    expect(sourceFor(at("dist/index.mjs"), isSource, options)).toBeUndefined();
  });
});

describe("packageEntries and entryTargets: a package without exports", () => {
  it("takes every entry field, written with or without ./, once each", () => {
    const entries = packageEntries({
      main: "index.js",
      module: "./dist/index.mjs",
      types: "./index.ts",
      typings: ".\\index.ts",
    });
    expect(entries).toEqual({
      kind: "fields",
      main: ["./index.ts", "./dist/index.mjs", "./index.js"],
    });
    expect(entryTargets(entries, ".")).toEqual({
      targets: ["./index.ts", "./dist/index.mjs", "./index.js"],
      searched: true,
    });
    expect(entryTargets(entries, "./react")).toEqual({ targets: ["./react"], searched: true });
  });

  it("loads ./index when no field names an entry; a blank or non-string field names none", () => {
    const entries = packageEntries({ name: "@acme/ui", main: " ", types: 3 });
    expect(entryTargets(entries, ".")).toEqual({ targets: ["./index"], searched: true });
  });

  it("keeps exports as written (only what they name), null exports counting as none", () => {
    expect(entryTargets(packageEntries({ exports: "./src/index.ts" }), "./react")).toEqual({
      targets: [],
      searched: false,
    });
    expect(packageEntries({ exports: null, main: "./a.ts" })).toEqual({
      kind: "fields",
      main: ["./a.ts"],
    });
  });

  it("cannot tell without a package.json, with typesVersions or a browser object (they re-map what loads)", () => {
    expect(packageEntries({ main: "./a.ts", browser: { "./a.ts": "./b.ts" } })).toEqual({
      kind: "unknown",
    });
    expect(packageEntries({ main: "./a.ts", browser: "./b.ts" })).toEqual({
      kind: "fields",
      main: ["./a.ts", "./b.ts"],
    });
    expect(entryTargets(packageEntries(undefined), ".")).toBeUndefined();
    expect(
      entryTargets(
        packageEntries({ main: "./a.ts", typesVersions: { "*": { "*": ["dist/*"] } } }),
        ".",
      ),
    ).toBeUndefined();
  });

  it("searches a target as a file with each extension and as a folder's index, unless it has a package.json", () => {
    const candidates = searchedCandidates(at("react"), () => false) ?? [];
    expect(candidates.slice(0, 3)).toEqual([at("react"), at("react.ts"), at("react.tsx")]);
    expect(candidates).toContain(at("react/index.tsx"));
    expect(candidates).toContain(at("react/index.d.ts"));
    expect(candidates).toHaveLength(19);
    expect(searchedCandidates(at("react"), (folder) => folder === at("react"))).toBeUndefined();
  });
});
