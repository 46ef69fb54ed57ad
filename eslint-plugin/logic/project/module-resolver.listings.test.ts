// The resolver keeps an extensionless or folder answer for as long as the listings it read stay
// the same: each case fails when an answer outlives a change to one of them.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../../schema/disk-rounds.js";
import { createModuleResolver } from "./module-resolver.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-resolver-listings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
afterEach(() => vi.useRealTimers());

function write(file: string, text = "export const x = 1;\n"): string {
  const absolute = path.join(root, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
}

write(
  "tsconfig.json",
  JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler" } }),
);
const later = () => vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);

it("sees a folder's index.tsx written into a folder that existed (only that folder changes)", () => {
  const importer = write("a/main.ts");
  mkdirSync(path.join(root, "a/widget"));
  const resolve = createModuleResolver();
  expect(resolve("./widget", importer)).toBe(path.join(root, "a/widget/index.ts")); // lexical
  write("a/widget/index.tsx");
  later();
  expect(resolve("./widget", importer)).toBe(path.join(root, "a/widget/index.tsx"));
});

it("sees a file beside the target that takes precedence, and the target's removal", () => {
  const importer = write("b/main.ts");
  write("b/model/index.ts");
  const resolve = createModuleResolver();
  expect(resolve("./model", importer)).toBe(path.join(root, "b/model/index.ts"));
  later();
  expect(resolve("./model", importer)).toBe(path.join(root, "b/model/index.ts"));
  write("b/model.ts");
  later();
  expect(resolve("./model", importer)).toBe(path.join(root, "b/model.ts"));
  unlinkSync(path.join(root, "b/model.ts"));
  later();
  expect(resolve("./model", importer)).toBe(path.join(root, "b/model/index.ts"));
});
