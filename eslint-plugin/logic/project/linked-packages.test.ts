// createLinkedPackageResolver follows a bare specifier into another workspace package's sources
// only where Node would load it from a link: the nearest node_modules holding the package
// decides, folders without node_modules are passed over (from their listings, no `stat`).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { clearFolderListings, diskReads } from "../../../schema/folder-listings.js";
import { endDiskRound } from "../../../schema/disk-rounds.js";
import { createLinkedPackageResolver } from "./linked-packages.js";

const root = realpathSync(mkdtempSync(path.join(tmpdir(), "agentix-linked-packages-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  clearFolderListings();
  endDiskRound();
});

function write(file: string, text = "export const x = 1;\n"): string {
  const at = path.join(root, file);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, text);
  return at;
}

const manifest = (name: string) =>
  JSON.stringify({ name, types: "src/index.ts", main: "src/index.ts" });
write("packages/billing/package.json", manifest("@acme/billing"));
const billing = write("packages/billing/src/index.ts");
mkdirSync(path.join(root, "node_modules/@acme"), { recursive: true });
symlinkSync("../../packages/billing", path.join(root, "node_modules/@acme/billing"), "dir");
// An app deep below the root, with no node_modules of its own on the way up.
const app = write("apps/shop/src/features/cart/deep/model.ts");
// Another app whose own node_modules holds an installed copy: the nearest one decides.
write("apps/legacy/node_modules/@acme/billing/package.json", manifest("@acme/billing"));
write("apps/legacy/node_modules/@acme/billing/src/index.ts");
const legacy = write("apps/legacy/src/model.ts");

const resolver = () => createLinkedPackageResolver(() => ({}));

it("leads a linked workspace package's name to its TypeScript source", () => {
  expect(resolver()("@acme/billing", app)).toBe(billing);
});

it("leaves the package to the nearest node_modules holding it: an installed copy leads nowhere", () => {
  expect(resolver()("@acme/billing", legacy)).toBeUndefined();
});

it("looks into node_modules only where a folder's listing shows one", () => {
  const trace: NonNullable<typeof diskReads.trace> = [];
  diskReads.trace = trace;
  try {
    const resolve = resolver();
    for (const name of ["zod", "react", "@acme/none"]) expect(resolve(name, app)).toBeUndefined();
  } finally {
    diskReads.trace = undefined;
  }
  // Every folder from the importer's up is listed once; node_modules is looked into only where
  // one is listed, once per package name (before: in each of the seven folders).
  const ours = trace.filter(([, file]) => file.startsWith(root));
  const listed = ours
    .filter(([kind]) => kind === "readdir")
    .map(([, dir]) => path.relative(root, dir));
  expect(listed.sort()).toEqual([
    "",
    "apps",
    "apps/shop",
    "apps/shop/src",
    "apps/shop/src/features",
    "apps/shop/src/features/cart",
    "apps/shop/src/features/cart/deep",
  ]);
  const looked = ours
    .filter(([kind]) => kind === "lstat")
    .map(([, file]) => path.relative(root, file));
  expect(looked).toEqual(["node_modules/zod", "node_modules/react", "node_modules/@acme/none"]);
});

it("names no package for relative, absolute, #imports and node: specifiers", () => {
  const resolve = resolver();
  for (const specifier of ["./x", "../x", path.join(root, "x"), "#x", "node:fs"])
    expect(resolve(specifier, app)).toBeUndefined();
});
