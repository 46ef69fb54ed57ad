import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { declaresVitest, otherRunnerOf, projectRunner, type RunnerSetup } from "./other-runner.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
function project(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), "agentix-runner-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("projectRunner", () => {
  it.each([
    [{ "jest.config.ts": "export default {};\n" }, "Jest (jest.config.ts)"],
    [{ ".mocharc.yml": "spec: test\n" }, "Mocha (.mocharc.yml)"],
    [{ "package.json": '{ "jest": { "preset": "ts-jest" } }\n' }, 'Jest (package.json "jest")'],
    [{ "package.json": '{ "mocha": {} }\n' }, 'Mocha (package.json "mocha")'],
    // nestjs-realworld-example-app: jest.json, named by the test script only.
    [
      { "package.json": '{ "scripts": { "test": "jest --config=jest.json" } }\n' },
      'Jest (package.json "scripts.test")',
    ],
    [
      { "package.json": '{ "scripts": { "test": "tsc && npx mocha" } }\n' },
      'Mocha (package.json "scripts.test")',
    ],
    // oak: Deno.test files beside deno.json.
    [{ "deno.json": '{ "tasks": {} }\n' }, "Deno (deno.json)"],
    [{ "playwright.config.ts": "export default {};\n" }, "Playwright (playwright.config.ts)"],
    // react-hook-form: Jest by package.json, Playwright's config for e2e/ beside it (helper-29
    // repro-1: every unit test was handed to Playwright).
    [
      {
        "playwright.config.ts": "export default {};\n",
        "package.json": '{ "jest": { "preset": "ts-jest" } }\n',
      },
      'Jest (package.json "jest")',
    ],
    [
      {
        "playwright.config.ts": "export default {};\n",
        "package.json": '{ "scripts": { "test": "jest", "e2e": "playwright test" } }\n',
      },
      'Jest (package.json "scripts.test")',
    ],
    [
      { "package.json": '{ "scripts": { "test": "deno test -A" } }\n' },
      'Deno (package.json "scripts.test")',
    ],
  ])("names the runner a project is set up for: %j", (files, runner) => {
    expect(projectRunner(project(files))).toBe(runner);
  });

  it("names none for a project without one, a folder named like a config, or a broken package.json", () => {
    expect(projectRunner(project({ "package.json": '{ "name": "x" }\n' }))).toBeUndefined();
    rmSync(dir, { recursive: true });
    expect(
      projectRunner(project({ "jest.config.js/x": "", "package.json": "{ nope" })),
    ).toBeUndefined();
    rmSync(dir, { recursive: true });
    expect(projectRunner(project({ "package.json": "null\n" }))).toBeUndefined();
    rmSync(dir, { recursive: true });
    for (const test of [
      "vitest run && jest --ci",
      "node scripts/run-jest-like.js",
      "mochawesome",
    ]) {
      rmSync(dir, { recursive: true, force: true });
      const manifest = JSON.stringify({ scripts: { test } });
      expect(projectRunner(project({ "package.json": manifest }))).toBeUndefined();
    }
  });
});

describe("otherRunnerOf", () => {
  it("a Vitest import wins; then an imported runner; then the project's runner", () => {
    const root = project({
      "a.test.ts": 'import { test } from "node:test";\nimport { vi } from "vitest";\n',
      "b.test.ts": "import test from 'ava';\n",
      "c.test.ts": 'const { describe } = require("mocha");\n',
      "d.test.ts": "it('works', () => {});\n",
      "e.spec.ts": 'import { expect, test } from "@playwright/test";\n',
      "f.test.ts": 'import { describe } from "node:test";\n',
      "g.test.ts": 'import { jest } from "@jest/globals";\n',
    });
    const jest: RunnerSetup = { runner: "Jest", source: "jest.config.js" };
    const of = (file: string, setup?: RunnerSetup) => otherRunnerOf(path.join(root, file), setup);
    expect([of("a.test.ts", jest), of("b.test.ts"), of("c.test.ts")]).toEqual([
      undefined,
      { runner: "AVA", why: "it imports ava" },
      { runner: "Mocha", why: "it imports mocha" },
    ]);
    expect([of("e.spec.ts", jest), of("f.test.ts"), of("g.test.ts")]).toEqual([
      { runner: "Playwright", why: "it imports @playwright/test" },
      { runner: "node:test", why: "it imports node:test" },
      { runner: "Jest", why: "it imports @jest/globals" },
    ]);
    expect([of("d.test.ts"), of("d.test.ts", jest)]).toEqual([
      undefined,
      { runner: "Jest", why: "the project runs Jest (jest.config.js)" },
    ]);
    expect(of("missing.test.ts", jest)).toBeUndefined();
  });
});

describe("declaresVitest", () => {
  it("finds Vitest named by a package.json from the folder up to the repository", () => {
    const root = project({
      ".git/HEAD": "ref: refs/heads/main\n",
      "package.json": '{ "devDependencies": { "vitest": "4.1.12" } }\n',
      "packages/a/package.json": '{ "name": "a" }\n',
      "packages/b/package.json": '{ "scripts": { "test": "vitest run" } }\n',
      "packages/c/package.json": "{ nope",
    });
    expect(declaresVitest(path.join(root, "packages/a"))).toBe(true);
    expect(declaresVitest(path.join(root, "packages/b"))).toBe(true);
    expect(declaresVitest(path.join(root, "packages/c"))).toBe(true);
  });

  it("stops at the repository: nothing there names Vitest", () => {
    const root = project({
      ".git/HEAD": "ref: refs/heads/main\n",
      "package.json":
        '{ "devDependencies": { "@playwright/test": "1.50.0" }, "scripts": { "test": "playwright test" } }\n',
      "packages/main/package.json": '{ "dependencies": null }\n',
    });
    expect(declaresVitest(path.join(root, "packages/main"))).toBe(false);
  });
});
