// A folder that exists but cannot be listed (execute permission without read: `chmod 311`) still
// holds its agentix.config.json: the project markers are then looked at by name, not taken from
// an empty listing. Tests run as root here, who may list anything, so listing is made to refuse.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { unlistedFoldersNamed } from "../test/support/unlisted-folders.js";
import { clearConfigCaches, loadConfigForFile } from "./load-config.js";
import { endDiskRound } from "./disk-rounds.js";

unlistedFoldersNamed("locked");

const root = mkdtempSync(path.join(tmpdir(), "agentix-unlisted-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  clearConfigCaches();
  endDiskRound();
});

it("finds agentix.config.json in a linted folder that cannot be listed", () => {
  mkdirSync(path.join(root, "locked"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), "{}");
  writeFileSync(path.join(root, "locked/agentix.config.json"), '{ "tests": ["x.ts"] }');
  const config = loadConfigForFile(path.join(root, "locked/a.ts"));
  expect(config.root).toBe(path.join(root, "locked"));
  expect(config.tests).toEqual(["x.ts"]);
});
