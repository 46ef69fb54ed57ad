import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze.js";
import { wouldImport } from "./would-import.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A project of `files`, analysed after `removed` is deleted (it existed when they were written). */
function importersAfterRemoving(files: Record<string, string>, removed: string): string[] {
  const root = mkdtempSync(path.join(os.tmpdir(), "agentix-would-import-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  rmSync(path.join(root, removed));
  return wouldImport(analyze({ root }), removed);
}

const tsconfig = (options: object = {}) =>
  JSON.stringify({
    compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, ...options },
    include: ["src"],
  });

/** A tsconfig for bundler resolution, where baseUrl and paths are at home. */
const bundler = (options: object) =>
  tsconfig({ module: "ESNext", moduleResolution: "Bundler", ...options });

/** An installed package exporting `x`. */
const pkg = (name: string) => ({
  [`node_modules/${name}/package.json`]: JSON.stringify({ name, types: "index.d.ts" }),
  [`node_modules/${name}/index.d.ts`]: "export declare const x: number;\n",
});

describe("wouldImport", () => {
  it("finds a dangling import, a shadowed one and a subpath import (#lib/*), and no other", () => {
    expect(
      importersAfterRemoving(
        {
          "package.json": JSON.stringify({
            type: "module",
            imports: { "#lib/*": "./src/lib/*.ts" },
          }),
          "tsconfig.json": tsconfig({ allowImportingTsExtensions: true, noEmit: true }),
          "src/lib/x.ts": "export const x = 1;\n",
          "src/lib/x.tsx": "export const x = 2;\n",
          "src/lib/y.ts": "export const y = 1;\n",
          "src/dangling.ts": 'export { x } from "./lib/x.ts";\n',
          "src/shadowed.ts": 'export { x } from "./lib/x.js";\n',
          "src/subpath.ts": 'export { x } from "#lib/x";\n',
          "src/other.ts": 'export { y } from "./lib/y.js";\nexport const z = "./lib/x.js";\n',
          "src/package.ts": 'import "node:path";\nexport {};\n',
        },
        "src/lib/x.ts",
      ),
    ).toEqual(["src/dangling.ts", "src/shadowed.ts", "src/subpath.ts"]);
  });

  it("finds a bare import that baseUrl led to the file and that now leads to a package", () => {
    expect(
      importersAfterRemoving(
        {
          "tsconfig.json": bundler({
            baseUrl: "./src",
          }),
          ...pkg("shadowed"),
          ...pkg("other"),
          "src/shadowed.ts": "export const x = 1;\n",
          "src/user.ts": 'export { x } from "shadowed";\n',
          "src/bystander.ts": 'export { x } from "other";\n',
        },
        "src/shadowed.ts",
      ),
    ).toEqual(["src/user.ts"]);
  });

  it("reads paths against baseUrl when there is one, as TypeScript does", () => {
    expect(
      importersAfterRemoving(
        {
          "tsconfig.json": bundler({
            baseUrl: "./src",
            paths: { shadowed: ["lib/shadowed"] },
          }),
          ...pkg("shadowed"),
          "src/lib/shadowed.ts": "export const x = 1;\n",
          "src/user.ts": 'export { x } from "shadowed";\n',
        },
        "src/lib/shadowed.ts",
      ),
    ).toEqual(["src/user.ts"]);
  });

  it("finds an import through a paths alias and a folder's index", () => {
    expect(
      importersAfterRemoving(
        {
          "tsconfig.json": bundler({
            paths: { "@/*": ["./src/*"] },
          }),
          "src/lib/index.ts": "export const x = 1;\n",
          "src/alias.ts": 'export { x } from "@/lib";\n',
          "src/folder.ts": 'export { x } from "./lib";\n',
          "src/named.ts": 'export { x } from "./lib/index";\n',
          "src/elsewhere.ts": 'export const lib = "./lib";\n',
        },
        "src/lib/index.ts",
      ),
    ).toEqual(["src/alias.ts", "src/folder.ts", "src/named.ts"]);
  });
});
