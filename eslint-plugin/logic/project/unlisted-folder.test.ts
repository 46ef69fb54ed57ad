// A folder that exists but cannot be listed (execute permission without read) is asked by name:
// its files exist, and a bare specifier under a baseUrl there may name one. Tests run as root,
// who may list anything, so listing is made to refuse for folders named "locked".
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { unlistedFoldersNamed } from "../../../test/support/unlisted-folders.js";
import { clearFolderListings } from "../../../schema/folder-listings.js";
import { endDiskRound } from "../../../schema/disk-rounds.js";
import { defaultConfig } from "../../../schema/load-config.js";
import { createFeatureFolderPresence } from "./feature-folders.js";
import { createFileExistence } from "./file-existence.js";
import { layoutFor } from "./layout.js";
import { createLinkedPackageResolver } from "./linked-packages.js";
import { createModuleResolver } from "./module-resolver.js";

unlistedFoldersNamed("locked");

const root = realpathSync(mkdtempSync(path.join(tmpdir(), "agentix-unlisted-folder-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  clearFolderListings();
  endDiskRound();
});

function write(file: string, text = "export const x = 1;\n"): string {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  return path.join(root, file);
}

const shared = write("locked/shared.ts");
write(
  "tsconfig.json",
  JSON.stringify({ compilerOptions: { moduleResolution: "Bundler", baseUrl: "./locked" } }),
);
const importer = write("src/main.ts");

it("finds a file in a folder that cannot be listed, and names none of its entries", () => {
  const exists = createFileExistence();
  expect(exists(shared)).toBe(true);
  expect(exists(path.join(root, "locked/missing.ts"))).toBe(false);
  expect(exists.namesIn(path.join(root, "locked"))).toBeUndefined();
  expect(exists.namesIn(path.join(root, "src"))).toEqual(new Set(["main.ts"]));
});

it("resolves a bare specifier under a baseUrl that cannot be listed", () => {
  expect(createModuleResolver()("shared", importer)).toBe(shared);
});

it("looks for linked workspace packages in the node_modules of a folder that cannot be listed", () => {
  write(
    "packages/billing/package.json",
    JSON.stringify({ name: "@acme/billing", types: "src/index.ts" }),
  );
  const billing = write("packages/billing/src/index.ts");
  mkdirSync(path.join(root, "locked/node_modules/@acme"), { recursive: true });
  symlinkSync(
    "../../../packages/billing",
    path.join(root, "locked/node_modules/@acme/billing"),
    "dir",
  );
  const app = write("locked/app/model.ts");
  expect(createLinkedPackageResolver(() => ({}))("@acme/billing", app)).toBe(billing);
});

it("counts a folder that cannot be listed as one that may hold feature folders", () => {
  const project = path.join(root, "walked");
  write("walked/package.json", "{}");
  write("walked/src/main.ts");
  const presence = createFeatureFolderPresence();
  expect(presence(layoutFor(defaultConfig(project)))).toBe(false);
  // A new project (a new layout) whose src holds a folder that cannot be listed.
  write("walked-locked/package.json", "{}");
  write("walked-locked/src/locked/features/orders/model.ts");
  expect(presence(layoutFor(defaultConfig(path.join(root, "walked-locked"))))).toBe(true);
});
