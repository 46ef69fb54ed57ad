// A workspace package named like a registry package its neighbours take from the registry
// (formbricks: apps/storybook is named "storybook", version 0.0.0, and apps/web depends on
// "storybook": "catalog:", 10.3.6 in pnpm's catalog, which pnpm installs from npm though it links
// workspace packages by version there). A change in apps/storybook selected apps/web's tests
// that import storybook, and inside apps/storybook the note named apps/web as a dependent.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO } from "../support/analyzer-fixtures.js";

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-namesake-"));
  const tsconfig =
    '{ "compilerOptions": { "module": "NodeNext", "strict": true, "noEmit": true, "types": [] }, "include": ["src"] }\n';
  const files: Record<string, string> = {
    "package.json": '{ "private": true }\n',
    "pnpm-workspace.yaml":
      'packages:\n  - "apps/*"\ncatalog:\n  storybook: 10.3.6\nlinkWorkspacePackages: true\n',
    "apps/storybook/package.json":
      '{ "name": "storybook", "version": "0.0.0", "type": "module", "exports": { ".": "./src/index.ts" } }\n',
    "apps/storybook/src/index.ts": "export const stories = 1;\n",
    "apps/ui/package.json":
      '{ "name": "@x/ui", "type": "module", "exports": { ".": "./src/index.ts" } }\n',
    "apps/ui/src/index.ts": "export const button = 1;\n",
    "apps/web/package.json": JSON.stringify({
      name: "@x/web",
      type: "module",
      dependencies: { storybook: "catalog:", "@x/ui": "workspace:*" },
    }),
    "apps/web/src/stories.test.ts":
      'import { it } from "vitest";\nimport { stories } from "storybook";\nit("has stories", () => void stories);\n',
    "apps/web/src/ui.test.ts":
      'import { it } from "vitest";\nimport { button } from "@x/ui";\nit("has a button", () => void button);\n',
  };
  for (const pkg of ["storybook", "ui", "web"]) files[`apps/${pkg}/tsconfig.json`] = tsconfig;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface AffectedJson {
  links: { from: string; to: string }[];
  tests: { files: { file: string }[] };
}

const affected = async (file: string) => {
  const { io, stdout } = recordingIO(root);
  expect(await run(["affected", file, "--json"], io)).toBe(0);
  const result = JSON.parse(stdout()) as AffectedJson;
  return {
    links: result.links.map(({ from, to }) => `${from} -> ${to}`),
    tests: result.tests.files.map(({ file }) => file),
  };
};

it("a change in the namesake reaches none of the tests that import the registry's package", async () => {
  expect(await affected("apps/storybook/src/index.ts")).toEqual({ links: [], tests: [] });
});

it("a workspace: dependency still links (the control)", async () => {
  expect(await affected("apps/ui/src/index.ts")).toEqual({
    links: ["file apps/ui/src/index.ts -> file apps/web/src/ui.test.ts"],
    tests: ["apps/web/src/ui.test.ts"],
  });
});

it("inside the namesake, no note names apps/web as depending on it", async () => {
  const { io, stdout } = recordingIO(path.join(root, "apps/storybook"));
  expect(await run(["affected", "src/index.ts", "--json"], io)).toBe(0);
  expect((JSON.parse(stdout()) as { notes: string[] }).notes).toEqual([]);
  const ui = recordingIO(path.join(root, "apps/ui"));
  expect(await run(["affected", "src/index.ts", "--json"], ui.io)).toBe(0);
  expect((JSON.parse(ui.stdout()) as { notes: string[] }).notes).toEqual([
    "@x/web (apps/web) depends on @x/ui and is not analysed here: run agentix at the workspace root (../..) to select its tests too",
  ]);
});
