import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AffectedTestFile } from "../../affected/result.js";
import type { TestRunner } from "./other-runner.js";
import { nodeStripsTypes, runnerRuns } from "./runner-runs.js";

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project folder holding `files` (path -> text), and packages installed with a bin each. */
function project(files: Record<string, string>, bins: Record<string, string> = {}): string {
  dir = mkdtempSync(path.join(tmpdir(), "agentix-runner-runs-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  for (const [name, bin] of Object.entries(bins)) {
    const folder = path.join(dir, "node_modules", name);
    mkdirSync(folder, { recursive: true });
    // `exports` without "./package.json", as AVA 4 and later have it.
    writeFileSync(
      path.join(folder, "package.json"),
      JSON.stringify({ name, bin: { [bin]: "bin.js" }, exports: { ".": "./bin.js" } }),
    );
  }
  return dir;
}

const test = (file: string, selected = 1): AffectedTestFile =>
  ({ file, selected, total: selected, cases: [] }) as unknown as AffectedTestFile;

/** What each run is, as the step shows it, and from where. */
function shown(
  root: string,
  byRunner: [TestRunner, AffectedTestFile[]][],
  node = nodeStripsTypes(),
) {
  const { runs, unrun } = runnerRuns(root, new Map(byRunner), node);
  return {
    runs: runs.map((run) => ({
      command: [run.tool, ...run.shownArgs].join(" "),
      from: path.relative(root, run.cwd),
      // The first argument after `node`: a bin script, or a flag of Node's own.
      bin: (run.argv[0] as string).startsWith("-")
        ? run.argv[0]
        : path.relative(root, run.argv[0] as string),
    })),
    unrun: unrun.map(({ runner, why, files }) => ({
      runner,
      why,
      files: files.map((f) => f.file),
    })),
  };
}

describe("runnerRuns", () => {
  it("starts each runner from the folder of its nearest config, with the files relative to it", () => {
    const root = project(
      {
        "jest.config.js": "",
        "packages/a/jest.config.ts": "",
        "packages/a/src/x.test.ts": "",
        "packages/b/src/y.test.ts": "",
        "e2e/playwright.config.ts": "",
        "e2e/specs/login.spec.ts": "",
        ".mocharc.json": "{}",
        "test/z.spec.ts": "",
        "ava.config.js": "",
        "test/w.test.js": "",
      },
      { jest: "jest", "@playwright/test": "playwright", mocha: "mocha", ava: "ava" },
    );
    expect(
      shown(root, [
        ["Jest", [test("packages/a/src/x.test.ts"), test("packages/b/src/y.test.ts")]],
        ["Playwright", [test("e2e/specs/login.spec.ts")]],
        ["Mocha", [test("test/z.spec.ts")]],
        ["AVA", [test("test/w.test.js")]],
      ]),
    ).toEqual({
      runs: [
        {
          command: "jest --coverage=false --runTestsByPath src/x.test.ts",
          from: "packages/a",
          bin: "node_modules/jest/bin.js",
        },
        {
          command: "jest --coverage=false --runTestsByPath packages/b/src/y.test.ts",
          from: "",
          bin: "node_modules/jest/bin.js",
        },
        {
          command: "playwright test specs/login\\.spec\\.ts",
          from: "e2e",
          bin: "node_modules/@playwright/test/bin.js",
        },
        { command: "mocha test/z.spec.ts", from: "", bin: "node_modules/mocha/bin.js" },
        { command: "ava test/w.test.js", from: "", bin: "node_modules/ava/bin.js" },
      ],
      unrun: [],
    });
  });

  it("takes Playwright's runner from the playwright package when @playwright/test is not installed", () => {
    const root = project({ "a.spec.ts": "" }, { playwright: "playwright" });
    expect(shown(root, [["Playwright", [test("a.spec.ts")]]]).runs).toEqual([
      { command: "playwright test a\\.spec\\.ts", from: "", bin: "node_modules/playwright/bin.js" },
    ]);
  });

  it("writes a file as the runner reads it: Playwright's as a regular expression, none as a flag", () => {
    const root = project({}, { "@playwright/test": "playwright", jest: "jest" });
    expect(
      shown(root, [
        ["Playwright", [test("app/(auth)/login.spec.ts"), test("e2e/[id]+a.spec.ts")]],
        ["Jest", [test("-x.test.ts")]],
        ["node:test", [test("-y.test.mjs")]],
      ]).runs.map((run) => run.command),
    ).toEqual([
      "playwright test app/\\(auth\\)/login\\.spec\\.ts e2e/\\[id\\]\\+a\\.spec\\.ts",
      "jest --coverage=false --runTestsByPath ./-x.test.ts",
      "node --test ./-y.test.mjs",
    ]);
  });

  it("says which runner is not installed, and which ones verify cannot start, with their files", () => {
    const root = project({ "a.test.ts": "", "b.test.ts": "", "c_test.ts": "" });
    expect(
      shown(root, [
        ["Jest", [test("a.test.ts")]],
        ["Bun", [test("b.test.ts")]],
        ["Deno", [test("c_test.ts")]],
        ["Mocha", []],
      ]),
    ).toEqual({
      runs: [],
      unrun: [
        { runner: "Jest", why: "jest is not installed for this project", files: ["a.test.ts"] },
        {
          runner: "Bun",
          why: "verify cannot hand files to Bun: run them with Bun yourself",
          files: ["b.test.ts"],
        },
        {
          runner: "Deno",
          why: "verify cannot hand files to Deno: run them with Deno yourself",
          files: ["c_test.ts"],
        },
      ],
    });
  });

  it("runs node:test files with the project's tsx, else a Node.js that loads TypeScript, else not", () => {
    const files: [TestRunner, AffectedTestFile[]][] = [["node:test", [test("test/a.test.ts")]]];
    const bare = project({ "test/a.test.ts": "" });
    expect(shown(bare, files, "native").runs).toEqual([
      { command: "node --test test/a.test.ts", from: "", bin: "--test" },
    ]);
    expect(shown(bare, files, "flag").runs).toEqual([
      {
        command: "node --experimental-strip-types --test test/a.test.ts",
        from: "",
        bin: "--experimental-strip-types",
      },
    ]);
    expect(shown(bare, files, "none").unrun).toEqual([
      {
        runner: "node:test",
        why: `Node.js ${process.versions.node} cannot load TypeScript test files and tsx is not installed for this project`,
        files: ["test/a.test.ts"],
      },
    ]);
    // JavaScript needs no loader.
    expect(shown(bare, [["node:test", [test("test/b.test.mjs")]]], "none").runs).toEqual([
      { command: "node --test test/b.test.mjs", from: "", bin: "--test" },
    ]);
    rmSync(bare, { recursive: true });
    const withTsx = project({ "test/a.test.ts": "" }, { tsx: "tsx" });
    expect(shown(withTsx, files, "none").runs).toEqual([
      { command: "tsx --test test/a.test.ts", from: "", bin: "node_modules/tsx/bin.js" },
    ]);
  });
});

describe("nodeStripsTypes", () => {
  it("reads process.features.typescript, else the version: 22.6 needs the flag, 20 cannot", () => {
    expect(nodeStripsTypes({ typescript: "strip" }, "22.18.0")).toBe("native");
    expect(nodeStripsTypes({ typescript: "transform" }, "23.6.0")).toBe("native");
    expect(nodeStripsTypes({ typescript: false }, "22.6.0")).toBe("flag");
    expect(nodeStripsTypes({}, "24.0.0")).toBe("flag");
    expect(nodeStripsTypes({}, "22.5.1")).toBe("none");
    expect(nodeStripsTypes({}, "20.20.2")).toBe("none");
  });
});

// helper-29 repro-3: a root-level `beforeEach` in test/helpers/global-hooks.ts (loaded by
// `mocha --recursive`, named like no test) applies to every test; a narrow run of the selected
// files alone never loaded it.
describe("Mocha's root-level hooks", () => {
  it("are loaded first with --file in a narrow run, from the spec's folder", () => {
    const root = project(
      {
        "package.json": JSON.stringify({ scripts: { test: "mocha --recursive" } }),
        "test/helpers/global-hooks.ts":
          'import { reset } from "../../src/store";\n\nbeforeEach(() => {\n  reset();\n});\n',
        "test/helpers/nested.ts": 'describe("x", () => {\n  beforeEach(() => {});\n});\n',
        "test/users.test.ts": 'it("works", () => {});\n',
      },
      { mocha: "mocha" },
    );
    expect(shown(root, [["Mocha", [test("test/users.test.ts")]]]).runs).toEqual([
      {
        command: "mocha --recursive --file test/helpers/global-hooks.ts test/users.test.ts",
        from: "",
        bin: "node_modules/mocha/bin.js",
      },
    ]);
  });
});
