// The config caches in an editor session: one process, files changed between two look-ups.
// Each case fails when a cache answers stale in a later disk round (schema/disk-rounds.ts).
import { mkdtempSync, mkdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DISK_ROUND_MAX_MS, DISK_ROUND_QUIET_MS } from "./disk-rounds.js";
import { diskReads } from "./folder-listings.js";
import {
  AgentixConfigError,
  clearConfigCaches,
  findProject,
  loadConfigFile,
  loadConfigForFile,
} from "./load-config.js";

const temp = mkdtempSync(path.join(tmpdir(), "agentix-config-cache-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
beforeEach(() => {
  clearConfigCaches();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

let counter = 0;
/** A fresh project directory with the given files. */
function project(files: Record<string, string>): string {
  const root = path.join(temp, `p${(counter += 1)}`);
  for (const [name, content] of Object.entries(files)) write(root, name, content);
  return root;
}

function write(root: string, name: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), content);
}

/** Moves the clock past a pause in look-ups: a new disk round, in which cached answers are looked at again. */
const later = (ms = DISK_ROUND_QUIET_MS + 1) => vi.setSystemTime(Date.now() + ms);

describe("loadConfigForFile in a lint run", () => {
  it("finds a folder's project from its parent's answer, not by walking up to the root again", () => {
    const root = project({ "package.json": "{}", "a/b/c/one.ts": "", "a/b/c/d/two.ts": "" });
    expect(loadConfigForFile(path.join(root, "a/b/c/one.ts")).root).toBe(root);
    const parentOf = vi.spyOn(path, "dirname");
    expect(loadConfigForFile(path.join(root, "a/b/c/d/two.ts")).root).toBe(root);
    // The file's folder, then that folder's parent: answered already in this disk round.
    expect(parentOf.mock.calls).toEqual([
      [path.join(root, "a/b/c/d/two.ts")],
      [path.join(root, "a/b/c/d")],
    ]);
    parentOf.mockRestore();
  });
});

describe("loadConfigForFile in an editor session", () => {
  it("answers from the cache within the window, then sees a created agentix.config.json", () => {
    const root = project({ "package.json": "{}", "src/a.ts": "" });
    const source = path.join(root, "src/a.ts");
    const first = loadConfigForFile(source);
    expect(first.configFile).toBeUndefined();
    expect(loadConfigForFile(source)).toBe(first);
    write(root, "agentix.config.json", '{ "tests": ["x.ts"] }');
    expect(loadConfigForFile(source)).toBe(first); // trusted for the disk round
    later();
    const created = loadConfigForFile(source);
    expect(created.configFile).toBe(path.join(root, "agentix.config.json"));
    expect(created.tests).toEqual(["x.ts"]);
  });

  it("sees an agentix.config.json created nearer to the file than the one in use", () => {
    const root = project({ "agentix.config.json": "{}", "packages/app/src/a.ts": "" });
    const source = path.join(root, "packages/app/src/a.ts");
    expect(loadConfigForFile(source).root).toBe(root);
    write(root, "packages/app/agentix.config.json", '{ "ignores": ["**/a.ts"] }');
    later();
    expect(loadConfigForFile(source)).toMatchObject({
      root: path.join(root, "packages/app"),
      ignores: ["**/a.ts"],
    });
    expect(findProject(source)).toEqual({
      root: path.join(root, "packages/app"),
      configFile: path.join(root, "packages/app/agentix.config.json"),
    });
  });

  it("sees an edit even when loadConfigFile looked at the file just before", () => {
    const root = project({ "agentix.config.json": '{ "tests": ["a.ts"] }', "src/a.ts": "" });
    const source = path.join(root, "src/a.ts");
    const file = path.join(root, "agentix.config.json");
    expect(loadConfigForFile(source).tests).toEqual(["a.ts"]);
    later();
    expect(loadConfigFile(file).tests).toEqual(["a.ts"]); // the file's stamp: checked this round
    writeFileSync(file, '{ "tests": ["bb.ts"] }'); // the folder's mtime stays: only the file changes
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    later(1); // the same round: the folder's answer is from the last one, the file's stamp is not
    expect(loadConfigForFile(source).tests).toEqual(["bb.ts"]);
  });

  it("compares the config's stamp once a round, however many folders share it", () => {
    const folders = ["src/a", "src/b", "src/b/c", "test"];
    const root = project({
      "agentix.config.json": '{ "tests": ["a.ts"] }',
      ...Object.fromEntries(folders.map((folder) => [`${folder}/x.ts`, ""])),
    });
    const file = path.join(root, "agentix.config.json");
    const stampsOfRound = () => {
      const trace: NonNullable<typeof diskReads.trace> = [];
      diskReads.trace = trace;
      try {
        for (const folder of folders)
          expect(loadConfigForFile(path.join(root, folder, "x.ts")).tests).toEqual(["a.ts"]);
      } finally {
        diskReads.trace = undefined;
      }
      return trace.filter(([kind, at]) => kind === "stat" && at === file).length;
    };
    // Not one per folder: the first round, one `stat` tells the root holds it (its markers) and
    // one compares its stamp; the next, the stamp alone (the markers stand with the root's mtime).
    expect(stampsOfRound()).toBe(2);
    later();
    expect(stampsOfRound()).toBe(1);
  });

  it("falls back to the defaults of the package.json root when the config is deleted", () => {
    const root = project({
      "package.json": "{}",
      "app/agentix.config.json": '{ "tests": ["a.ts"] }',
      "app/src/a.ts": "",
    });
    const source = path.join(root, "app/src/a.ts");
    expect(loadConfigForFile(source).root).toBe(path.join(root, "app"));
    unlinkSync(path.join(root, "app/agentix.config.json"));
    later();
    const fallback = loadConfigForFile(source);
    expect(fallback.root).toBe(root);
    expect(fallback.configFile).toBeUndefined();
    expect(fallback.tests).not.toEqual(["a.ts"]);
  });

  it("sees a package.json created between the file and the root in use", () => {
    const root = project({ "package.json": "{}", "packages/app/src/a.ts": "" });
    const source = path.join(root, "packages/app/src/a.ts");
    expect(loadConfigForFile(source).root).toBe(root);
    write(root, "packages/app/package.json", "{}");
    later();
    expect(loadConfigForFile(source).root).toBe(path.join(root, "packages/app"));
  });

  it("reports a config broken during the session, and recovers when it is mended", () => {
    const root = project({ "agentix.config.json": "{}", "src/a.ts": "" });
    const source = path.join(root, "src/a.ts");
    const file = path.join(root, "agentix.config.json");
    loadConfigForFile(source);
    writeFileSync(file, '{ "tests": [1] }');
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    later();
    expect(() => loadConfigForFile(source)).toThrow(AgentixConfigError);
    expect(() => loadConfigForFile(source)).toThrow(/\/tests\/0 must be string/u);
    writeFileSync(file, '{ "tests": ["ok.ts"] }');
    utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1));
    later();
    expect(loadConfigForFile(source).tests).toEqual(["ok.ts"]);
  });

  it("reads a config whose folder was created after a first look-up of a file in it", () => {
    const root = project({ "package.json": "{}" });
    const source = path.join(root, "later/src/a.ts"); // no such folder yet
    expect(loadConfigForFile(source).root).toBe(root);
    write(root, "later/agentix.config.json", '{ "tests": ["t.ts"] }');
    later();
    expect(loadConfigForFile(source)).toMatchObject({
      root: path.join(root, "later"),
      tests: ["t.ts"],
    });
  });

  it("keeps its answers while look-ups follow each other without a pause (a lint run), up to DISK_ROUND_MAX_MS", () => {
    vi.setSystemTime(0); // before every look-up so far: a round begins with the first one here
    const root = project({ "package.json": "{}", "src/a.ts": "" });
    const source = path.join(root, "src/a.ts");
    const first = loadConfigForFile(source);
    write(root, "agentix.config.json", '{ "tests": ["x.ts"] }');
    // A look-up every half pause: the round goes on, the disk is not looked at again.
    const step = DISK_ROUND_QUIET_MS / 2;
    for (let elapsed = step; elapsed <= DISK_ROUND_MAX_MS; elapsed += step) {
      later(step);
      expect(loadConfigForFile(source)).toBe(first);
    }
    later(step); // past DISK_ROUND_MAX_MS since the round began, still without a pause
    expect(loadConfigForFile(source).tests).toEqual(["x.ts"]);
  });

  it("looks at the disk again after a clock set back", () => {
    const root = project({ "package.json": "{}", "src/a.ts": "" });
    const source = path.join(root, "src/a.ts");
    expect(loadConfigForFile(source).configFile).toBeUndefined();
    write(root, "agentix.config.json", '{ "tests": ["y.ts"] }');
    later(-1);
    expect(loadConfigForFile(source).tests).toEqual(["y.ts"]);
  });
});
