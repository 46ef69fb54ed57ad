// Inside one package of a workspace, `affected` answers for that package alone: the packages
// that depend on it are not analysed, and nothing said so (an agent in packages/billing ran
// `verify --since` and never ran apps/api's failing tests).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO } from "../support/analyzer-fixtures.js";

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-dependents-"));
  const files: Record<string, string> = {
    "package.json": '{ "private": true, "workspaces": ["packages/*"] }\n',
    "packages/lib/package.json":
      '{ "name": "@x/lib", "type": "module", "exports": { ".": "./src/index.ts" } }\n',
    "packages/lib/src/index.ts": "export const one = 1;\n",
    "packages/app/package.json":
      '{ "name": "@x/app", "type": "module", "dependencies": { "@x/lib": "*" } }\n',
    "packages/app/src/index.ts": 'export { one } from "@x/lib";\n',
    "packages/other/package.json": '{ "name": "@x/other", "type": "module" }\n',
  };
  const tsconfig =
    '{ "compilerOptions": { "module": "NodeNext", "strict": true, "noEmit": true, "types": [] }, "include": ["src"] }\n';
  for (const pkg of ["lib", "app", "other"]) files[`packages/${pkg}/tsconfig.json`] = tsconfig;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("names the workspace packages that depend on the one it answers for", async () => {
  const { io, stdout } = recordingIO(path.join(root, "packages/lib"));
  expect(await run(["affected", "src/index.ts", "--json"], io)).toBe(0);
  expect((JSON.parse(stdout()) as { notes: string[] }).notes).toEqual([
    "@x/app (packages/app) depends on @x/lib and is not analysed here: run agentix at the workspace root (../..) to select its tests too",
  ]);
  const other = recordingIO(path.join(root, "packages/app"));
  expect(await run(["affected", "src/index.ts", "--json"], other.io)).toBe(0);
  expect((JSON.parse(other.stdout()) as { notes: string[] }).notes).toEqual([]);
});

it("ends verify's text with the same note, after its verdict", async () => {
  const { io, stdout } = recordingIO(path.join(root, "packages/lib"));
  expect(await run(["verify", "src/index.ts", "--dry-run"], io)).toBe(0);
  expect(stdout().split("\n").slice(-3)).toEqual([
    "planned",
    "note: @x/app (packages/app) depends on @x/lib and is not analysed here: run agentix at the workspace root (../..) to select its tests too",
    "",
  ]);
});

// npm, yarn and bun link every workspace package at the root: a package imports another without
// declaring it, and the root's answer selects its tests. Inside the imported package the answer
// said "tests: none can observe this change" and named nobody (apps/shell in a real workspace).
it("names a package that imports it without declaring it, where the workspace links it", async () => {
  const ws = mkdtempSync(path.join(tmpdir(), "agentix-undeclared-"));
  try {
    const files: Record<string, string> = {
      "package.json": '{ "private": true, "workspaces": ["packages/*", "apps/*"] }\n',
      "packages/lib/package.json": '{ "name": "@x/lib", "type": "module" }\n',
      "packages/lib/src/index.ts": "export const one = 1;\n",
      "packages/lib/tsconfig.json":
        '{ "compilerOptions": { "module": "NodeNext", "strict": true, "noEmit": true, "types": [] }, "include": ["src"] }\n',
      "packages/lib-extra/package.json": '{ "name": "@x/lib-extra", "type": "module" }\n',
      "packages/lib-extra/src/index.ts": "export const two = 2;\n",
      // Imports a subpath, undeclared: named.
      "apps/shell/package.json": '{ "name": "@x/shell", "type": "module" }\n',
      "apps/shell/src/deep/main.ts": "export { one } from '@x/lib/src/index.ts';\n",
      // Spells another package whose name starts with the same text: not named.
      "apps/site/package.json": '{ "name": "@x/site", "type": "module" }\n',
      "apps/site/src/main.ts": 'export { two } from "@x/lib-extra";\n',
      // Mentions it only under node_modules (installed code is not the package's source): not named.
      "apps/tool/package.json": '{ "name": "@x/tool", "type": "module" }\n',
      "apps/tool/node_modules/dep/index.js": 'require("@x/lib");\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
      writeFileSync(path.join(ws, file), text);
    }
    const lib = path.join(ws, "packages/lib");
    const ask = async () => {
      const { io, stdout } = recordingIO(lib);
      expect(await run(["affected", "src/index.ts", "--json"], io)).toBe(0);
      return (JSON.parse(stdout()) as { notes: string[] }).notes;
    };
    // pnpm links a package only into the node_modules of those that declare it: shell cannot
    // resolve the import, and nothing is named.
    expect(await ask()).toEqual([]);
    mkdirSync(path.join(ws, "node_modules/@x"), { recursive: true });
    symlinkSync(lib, path.join(ws, "node_modules/@x/lib"));
    expect(await ask()).toEqual([
      "@x/shell (apps/shell) depends on @x/lib and is not analysed here: run agentix at the workspace root (../..) to select its tests too",
    ]);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});
