import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFor } from "./package-exports.js";

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
