// How often linting a project without feature folders reads its folders: the configuration's
// project markers and the feature-folder walk share one `stat` per folder and disk round, and a
// folder the walk listed answers for its markers (schema/folder-listings.ts). Counted through
// node:fs, as the project's own modules call it.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { clearProjectCaches } from "../logic/project-services.js";
import { clearConfigCaches } from "../../schema/load-config.js";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return { ...real, statSync: vi.fn(real.statSync), readdirSync: vi.fn(real.readdirSync) };
});

const base = fs.mkdtempSync(path.join(tmpdir(), "agentix-folder-reads-"));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
beforeEach(() => {
  clearConfigCaches();
  clearProjectCaches();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

const root = path.join(base, "project");
for (const [file, text] of Object.entries({
  "package.json": "{}",
  "tsconfig.json": "{}",
  "src/a.ts": "",
  "src/app/one.ts": "",
  "src/lib/b.ts": "",
})) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const code = `import { a } from "../a";\nimport { z } from "zod";\n`;
/** Lints the project's files as a lint run does: folder after folder. */
const lintAll = () => {
  for (const file of ["src/app/one.ts", "src/lib/b.ts", "src/a.ts"])
    expect(
      lintWithAgentix(root, file, code, ["no-private-imports", "no-ambient-capabilities"]),
    ).toEqual([]);
};

/** The project's paths (relative to it) read by `call` while `run` runs, each with its count. */
function readsDuring(call: "statSync" | "readdirSync", run: () => void): Record<string, number> {
  const spy = vi.mocked(fs[call]);
  spy.mockClear();
  run();
  const counts: Record<string, number> = {};
  for (const [file] of spy.mock.calls) {
    const relative = path.relative(root, String(file));
    if (relative.startsWith("..")) continue;
    counts[relative] = (counts[relative] ?? 0) + 1;
  }
  return counts;
}

it("stats each folder of the project once per disk round, and lists none again", () => {
  lintAll();
  vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
  let listed: Record<string, number> = {};
  const stats = readsDuring("statSync", () => {
    listed = readsDuring("readdirSync", lintAll);
  });
  expect(stats).toEqual({ "": 1, src: 1, "src/app": 1, "src/lib": 1 });
  expect(listed).toEqual({});
});

it("answers a folder's markers from the walk's listing of it", () => {
  let listed: Record<string, number> = {};
  const stats = readsDuring("statSync", () => {
    listed = readsDuring("readdirSync", lintAll);
  });
  // src/app, linted first, is asked for its markers before the walk lists it (and so are its
  // parents); src/lib is not.
  expect(stats).toEqual({
    "": 1,
    "agentix.config.json": 1,
    "package.json": 1,
    src: 1,
    "src/agentix.config.json": 1,
    "src/package.json": 1,
    "src/app": 1,
    "src/app/agentix.config.json": 1,
    "src/app/package.json": 1,
    "src/lib": 1,
  });
  expect(listed).toEqual({ "": 1, src: 1, "src/app": 1, "src/lib": 1 });
});
