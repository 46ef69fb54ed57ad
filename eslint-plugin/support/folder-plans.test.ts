// folderPlans (lean-plans.ts): which folder's configuration a linted file gets, when files of two
// folders come in turns (ESLint finishes reading files out of order), and when the configuration
// of a project's folders is read: one folder at a time for an editor's files, in one pass once a
// lint has reached a few folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TSESTree } from "@typescript-eslint/types";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { DISK_ROUND_MAX_MS, DISK_ROUND_QUIET_MS, endDiskRound } from "../../schema/disk-rounds.js";
import { diskReads } from "../../schema/folder-listings.js";
import { AgentixConfigError, clearConfigCaches } from "../../schema/load-config.js";
import { folderPlans } from "./lean-plans.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-folder-plans-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
beforeEach(() => {
  clearConfigCaches();
  // A disk round of its own for each test: the clock stands still within it.
  endDiskRound();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  diskReads.trace = undefined;
  vi.useRealTimers();
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
}

/**
 * A project (one per test: folders used in a round are asked again as the next one starts) with
 * a feature folder, so no walk of its folders, and two nested projects, `nested/` and `tools/`.
 */
function project(name: string): string {
  write(`${name}/package.json`, "{}");
  write(
    `${name}/agentix.config.json`,
    JSON.stringify({ features: { directories: ["src/features/*"] } }),
  );
  write(`${name}/nested/package.json`, "{}");
  write(
    `${name}/nested/agentix.config.json`,
    JSON.stringify({ features: { directories: ["lib/*"] } }),
  );
  write(`${name}/tools/package.json`, "{}");
  write(
    `${name}/tools/agentix.config.json`,
    JSON.stringify({ features: { directories: ["t/*"] } }),
  );
  for (const folder of ["src/a", "src/b", "src/c", "src/d", "src/e", "src/features/orders"])
    write(`${name}/${folder}/x.ts`, "");
  return path.join(base, name);
}

let root = "";
/** The plans of a file of `folder` (below the root), as a new file's rules ask for them. */
const plansOf = (folder: string) =>
  folderPlans(path.join(root, folder, "x.ts"), {} as TSESTree.Program);

/** The directories setting of the configuration a file of `folder` gets. */
const directoriesOf = (folder: string) => {
  const { config } = plansOf(folder);
  if (config instanceof AgentixConfigError) throw config;
  return config.features.directories;
};

it("gives each file its own folder's configuration when files of two folders come in turns", () => {
  root = project("turns");
  expect(
    ["src/a", "nested", "src/a", "nested", "nested", "tools", "src/a", "tools"].map((folder) => [
      folder,
      directoriesOf(folder),
    ]),
  ).toEqual([
    ["src/a", ["src/features/*"]],
    ["nested", ["lib/*"]],
    ["src/a", ["src/features/*"]],
    ["nested", ["lib/*"]],
    ["nested", ["lib/*"]],
    ["tools", ["t/*"]],
    ["src/a", ["src/features/*"]],
    ["tools", ["t/*"]],
  ]);
  // The same plans (and so each rule's plan, asked once) for a folder within a round.
  expect(plansOf("src/a")).toBe(plansOf("src/a"));
});

/** What the disk is asked about the project (paths relative to it) while files of `folders` are planned. */
function readsFor(folders: readonly string[]): string[] {
  const trace: NonNullable<typeof diskReads.trace> = [];
  diskReads.trace = trace;
  for (const folder of folders) plansOf(folder);
  diskReads.trace = undefined;
  return trace
    .map(([kind, file]) => `${kind} ${path.relative(root, file)}`)
    .filter((read) => !read.includes(".."))
    .sort();
}

it("reads the configuration of every folder of the project in one pass once files of four folders were linted", () => {
  root = project("burst");
  // An editor's lint: a folder's markers (from its listing, its parents' by name) when a file
  // of it comes.
  expect(readsFor(["src/a"])).toEqual([
    "readdir src/a",
    "stat ",
    "stat agentix.config.json",
    "stat agentix.config.json",
    "stat package.json",
    "stat src",
    "stat src/a",
    "stat src/agentix.config.json",
    "stat src/package.json",
  ]);
  expect(readsFor(["src/b", "src/c"])).toEqual([
    "readdir src/b",
    "readdir src/c",
    "stat src/b",
    "stat src/c",
  ]);
  // The fourth folder: the project's folders are listed and their configuration read at once
  // (the nested projects' files read for their settings).
  expect(readsFor(["src/d"])).toEqual([
    "readdir ",
    "readdir nested",
    "readdir src",
    "readdir src/d",
    "readdir src/e",
    "readdir src/features",
    "readdir src/features/orders",
    "readdir tools",
    "stat nested",
    "stat nested/agentix.config.json",
    "stat src/d",
    "stat src/e",
    "stat src/features",
    "stat src/features/orders",
    "stat tools",
    "stat tools/agentix.config.json",
  ]);
  // Later folders answer from that pass, the nested project's with its own configuration.
  expect(readsFor(["src/e", "src/features/orders", "nested"])).toEqual([]);
  expect(directoriesOf("nested")).toEqual(["lib/*"]);
  expect(directoriesOf("src/e")).toEqual(["src/features/*"]);
});

it("reads past a broken or unreadable nested configuration in that pass, and gives it to that folder's files", () => {
  root = project("broken");
  write("broken/nested/agentix.config.json", '{ "features": ');
  write("broken/tools/agentix.config.json", JSON.stringify({ loads: null }));
  for (const folder of ["src/a", "src/b", "src/c", "src/d"])
    expect(directoriesOf(folder)).toEqual(["src/features/*"]);
  const problems = ["nested", "tools"].map((folder) => {
    const { config } = plansOf(folder);
    return config instanceof AgentixConfigError ? config.message : "no error";
  });
  expect(problems).toEqual([
    expect.stringContaining("malformed JSON"),
    expect.stringContaining("/loads must be object"),
  ]);
  expect(directoriesOf("src/e")).toEqual(["src/features/*"]);
});

it("keeps a folder's plans past DISK_ROUND_MAX_MS while no file is linted twice in a row, renews them when one is", () => {
  root = project("batch");
  const lint = (k: number) =>
    folderPlans(path.join(root, "src/a", `f${k}.ts`), {} as TSESTree.Program);
  const first = lint(0);
  // A command-line run: a new file every quarter second, for twice DISK_ROUND_MAX_MS.
  const files = (4 * DISK_ROUND_MAX_MS) / DISK_ROUND_QUIET_MS;
  for (let k = 1; k <= files; k += 1) {
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS / 2);
    expect(lint(k)).toBe(first);
  }
  // An editor's lint of the file just linted, after an edit: the round is older than DISK_ROUND_MAX_MS.
  vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS / 2);
  const renewed = lint(files);
  expect(renewed).not.toBe(first);
  expect(renewed.round).toBe(first.round + 1);
});
