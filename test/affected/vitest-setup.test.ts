// test/fixtures/vitest-setup (outline's shape): Vitest runs a project's setupFiles and
// globalSetup before its tests, which import neither. A change there (or in what a setup file
// imports) reaches every test of that project and no other; a setup list that cannot be read
// statically may load anything, so it widens; setup files are not tests themselves.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult, type AffectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { computeAffectedFrom } from "../../analyzer/affected/select.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { run } from "../../analyzer/cli/main.js";
import { readAffectedRecord } from "../../analyzer/freshness/affected-record.js";
import { freshPath } from "../../analyzer/freshness/freshness.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;
let analysis: Analysis;

beforeAll(() => {
  project = copyFixture("vitest-setup");
  analysis = analyze({ root: project });
});
afterAll(removeCopies);

function affectedIn(of: Analysis, ...files: string[]): AffectedResult {
  const changes: FileChange[] = files.map((file) => ({ path: file, status: "modified" }));
  return affectedResult(computeAffected(of, changes), { since: null, targets: files, changes });
}

const testsOf = (result: AffectedResult) =>
  result.tests.files.map(({ file, reason }) => `${file}: ${reason}`);

describe("Vitest setup files", () => {
  it("are not tests, though they import vitest", () => {
    expect(
      analysis.loaded.files.filter((file) => analysis.roles.isTest(file)).map((file) => file.path),
    ).toEqual(["app/title.test.ts", "int/clock.test.ts", "server/users.test.ts"]);
    const roles = Object.fromEntries(
      analysis.loaded.files.map((file) => [file.path, analysis.roles.role(file)]),
    );
    expect([roles["server/test/setup.ts"], roles["app/test/setup.ts"]]).toEqual([
      "shared",
      "shared",
    ]);
  });

  it("reach every test of their project, and only those", () => {
    expect(testsOf(affectedIn(analysis, "server/test/setup.ts"))).toEqual([
      "server/users.test.ts: server/test/setup.ts runs before it (test setup); changed",
    ]);
    expect(testsOf(affectedIn(analysis, "app/test/setup.ts"))).toEqual([
      "app/title.test.ts: app/test/setup.ts runs before it (test setup); changed",
    ]);
  });

  it("include a globalSetup named through path.resolve(__dirname, ...) without its extension", () => {
    const result = affectedIn(analysis, "server/test/global.ts");
    expect(result.widened).toEqual([]);
    expect(testsOf(result)).toEqual([
      "server/users.test.ts: server/test/global.ts runs before it (test setup); changed",
    ]);
  });

  it("pass on what they import: a change there reaches the tests they run before", () => {
    const result = affectedIn(analysis, "src/clock.ts");
    expect(result.widened).toEqual([]);
    expect(testsOf(result)).toEqual([
      "int/clock.test.ts: imports src/clock.ts; changed",
      "server/users.test.ts: server/test/setup.ts runs before it (test setup); imports src/clock.ts; changed",
    ]);
    expect(result.edges).toContainEqual({
      from: "file server/test/setup.ts",
      to: "file server/users.test.ts",
      reason: "runs first (test setup)",
    });
  });

  it("answer from .agentix/affected.json as from an analysis", async () => {
    const dir = copyFixture("vitest-setup");
    expect(await run(["index"], recordingIO(dir).io)).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, ".agentix/index.json"), "utf8")) as {
      tests: { file: string }[];
    };
    expect(index.tests.map((test) => test.file)).toEqual([
      "app/title.test.ts",
      "int/clock.test.ts",
      "server/users.test.ts",
    ]);
    const { affected: digest } = JSON.parse(readFileSync(freshPath(dir), "utf8")) as {
      affected: string;
    };
    const facts = readAffectedRecord(dir, digest)!;
    for (const changed of ["server/test/setup.ts", "src/clock.ts", "server/test/global.ts"]) {
      const changes: FileChange[] = [{ path: changed, status: "modified" }];
      expect(
        affectedResult(computeAffectedFrom(facts, changes), {
          since: null,
          targets: [changed],
          changes,
        }),
      ).toEqual(affectedIn(analysis, changed));
    }
  });
});

describe("a setup list that cannot be read statically", () => {
  it("is a warning with its position, and widens every answer with code", async () => {
    const dir = copyFixture("vitest-setup");
    const config = path.join(dir, "vitest.config.ts");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace(
        'setupFiles: ["./server/test/setup.ts"]',
        "setupFiles: serverSetup()",
      ),
    );
    const recorded = recordingIO(dir);
    expect(await run(["check", "--format", "json"], recorded.io)).toBe(0);
    expect((JSON.parse(recorded.stdout()) as { problems: unknown[] }).problems).toEqual([
      {
        source: "diagnostic",
        severity: "warning",
        rule: "vitest-config-not-literal",
        message:
          "the setupFiles Vitest runs before the tests cannot be read statically (serverSetup() is not a literal): it may load any file, so affected selects every test whenever code changes",
        file: "vitest.config.ts",
        line: 11,
        column: 23,
        endLine: null,
        endColumn: null,
        related: [],
      },
    ]);
    const result = affectedIn(analyze({ root: dir }), "src/format.ts");
    expect(result.widened).toEqual([
      {
        code: "unresolved-import",
        message:
          "vitest.config.ts:11: a test setup list that cannot be read statically may load the changed code before every test",
        path: "vitest.config.ts",
      },
    ]);
    // Nothing says server/test/setup.ts is a setup file any more: it imports vitest, so it counts
    // as a test, as any such file does.
    expect(result.tests.files.map((file) => file.file)).toEqual([
      "app/title.test.ts",
      "int/clock.test.ts",
      "server/test/setup.ts",
      "server/users.test.ts",
    ]);
  });

  it("still names the setup files of a config whose globs cannot be read, for every test", () => {
    const dir = copyFixture("vitest-setup");
    const config = path.join(dir, "vitest.config.ts");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace('include: ["app/**/*.test.ts"]', "include: appTests"),
    );
    const result = affectedIn(analyze({ root: dir }), "app/test/setup.ts");
    expect(result.widened).toEqual([]);
    expect(result.tests.files.map((file) => file.file)).toEqual([
      "app/title.test.ts",
      "int/clock.test.ts",
      "server/users.test.ts",
    ]);
  });
});

describe("Jest's setup files", () => {
  /** The fixture as a Jest project: its Vitest config gone, `files` written. */
  function jestProject(files: Record<string, string>): string {
    const dir = copyFixture("vitest-setup");
    rmSync(path.join(dir, "vitest.config.ts"));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  }

  it("are read from jest.config.js (<rootDir>, a relative path, a package left out) and reach every test", () => {
    const dir = jestProject({
      "jest.config.js": `module.exports = {
  setupFiles: ["dotenv/config"],
  setupFilesAfterEnv: ["<rootDir>/server/test/setup.ts"],
  globalSetup: "./server/test/global.ts",
};
`,
    });
    const jest = analyze({ root: dir });
    expect(affectedIn(jest, "jest.config.js").widened).toEqual([
      {
        code: "config-file",
        message: "configuration changed: jest.config.js",
        path: "jest.config.js",
      },
    ]);
    expect(
      jest.loaded.files.filter((file) => jest.roles.isTest(file)).map((file) => file.path),
    ).toEqual([
      // Imports vitest and no config names it as a setup file here: a test, as any such file.
      "app/test/setup.ts",
      "app/title.test.ts",
      "int/clock.test.ts",
      "server/users.test.ts",
    ]);
    for (const setup of ["server/test/setup.ts", "server/test/global.ts"])
      expect(affectedIn(jest, setup).tests.files.map((file) => file.file)).toEqual([
        "app/test/setup.ts",
        "app/title.test.ts",
        "int/clock.test.ts",
        "server/users.test.ts",
      ]);
  });

  it("are read from package.json's jest field", () => {
    const dir = jestProject({
      "package.json": JSON.stringify({
        name: "vitest-setup",
        type: "module",
        jest: { setupFilesAfterEnv: ["<rootDir>/app/test/setup.ts"] },
      }),
    });
    expect(testsOf(affectedIn(analyze({ root: dir }), "app/test/setup.ts"))).toEqual([
      "app/title.test.ts: app/test/setup.ts runs before it (test setup); changed",
      "int/clock.test.ts: app/test/setup.ts runs before it (test setup); changed",
      "server/test/setup.ts: app/test/setup.ts runs before it (test setup); changed",
      "server/users.test.ts: app/test/setup.ts runs before it (test setup); changed",
    ]);
  });

  it("that cannot be read statically are a warning naming Jest, and widen", async () => {
    const dir = jestProject({
      "jest.config.ts": `import base from "./jest.base";
export default { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv] };
`,
    });
    const recorded = recordingIO(dir);
    expect(await run(["check", "--format", "json"], recorded.io)).toBe(0);
    expect((JSON.parse(recorded.stdout()) as { problems: unknown[] }).problems).toEqual([
      {
        source: "diagnostic",
        severity: "warning",
        rule: "test-config-not-literal",
        message:
          "the setupFilesAfterEnv Jest runs before the tests cannot be read statically (base.setupFilesAfterEnv is not a literal): it may load any file, so affected selects every test whenever code changes",
        file: "jest.config.ts",
        line: 2,
        column: 51,
        endLine: null,
        endColumn: null,
        related: [],
      },
    ]);
    expect(affectedIn(analyze({ root: dir }), "src/format.ts").widened).toEqual([
      {
        code: "unresolved-import",
        message:
          "jest.config.ts:2: a test setup list that cannot be read statically may load the changed code before every test",
        path: "jest.config.ts",
      },
    ]);
  });
});

describe("a setup list in a module the config imports", () => {
  it("counts for every test the config runs, and no other (mergeConfig of a shared config)", () => {
    const dir = copyFixture("vitest-setup");
    writeFileSync(
      path.join(dir, "vitest.shared.ts"),
      'export default { test: { setupFiles: ["./src/clock.ts"] } };\n',
    );
    writeFileSync(
      path.join(dir, "vitest.config.ts"),
      'import { mergeConfig } from "vitest/config";\nimport shared from "./vitest.shared.js";\n\nexport default mergeConfig(shared, { test: { include: ["app/**/*.test.ts"] } });\n',
    );
    const result = affectedIn(analyze({ root: dir }), "src/clock.ts");
    expect(result.widened).toEqual([]);
    // The setup files of the fixture's own config are gone with it: they import vitest, so tests.
    expect(testsOf(result)).toEqual([
      "app/title.test.ts: src/clock.ts runs before it (test setup); changed",
      "int/clock.test.ts: imports src/clock.ts; changed",
      "server/test/setup.ts: imports src/clock.ts; changed",
    ]);
  });
});

describe("a Vitest 3 workspace file", () => {
  it("names the projects and their setup files as the config did (the config gone)", () => {
    const dir = copyFixture("vitest-setup");
    const projects = /projects: (\[[\s\S]*\]),\n  \},\n\}\);/u.exec(
      readFileSync(path.join(dir, "vitest.config.ts"), "utf8"),
    )![1]!;
    rmSync(path.join(dir, "vitest.config.ts"));
    writeFileSync(
      path.join(dir, "vitest.workspace.ts"),
      `import path from "node:path";\nimport { defineWorkspace } from "vitest/config";\n\nexport default defineWorkspace(${projects});\n`,
    );
    const workspace = analyze({ root: dir });
    expect(workspace.loaded.vitest.file).toBe("vitest.workspace.ts");
    for (const changed of ["server/test/setup.ts", "app/test/setup.ts", "src/clock.ts"])
      expect(affectedIn(workspace, changed)).toEqual(affectedIn(analysis, changed));
    expect(affectedIn(workspace, "vitest.workspace.ts").widened).toEqual([
      {
        code: "config-file",
        message: "configuration changed: vitest.workspace.ts",
        path: "vitest.workspace.ts",
      },
    ]);
  });
});

// starlight's project configs import __tests__/test-config.ts, which builds the Vite plugin the
// tests' virtual module comes from: what a config loads runs before every test it runs.
describe("a module a Vitest config imports", () => {
  it("runs before every test of that config, and so does what it imports", () => {
    const dir = copyFixture("vitest-setup");
    writeFileSync(
      path.join(dir, "server/vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\nimport { tagPlugin } from "./vitest.plugin.js";\n\nexport default defineConfig({ plugins: [tagPlugin()], test: { include: ["**/*.test.ts"] } });\n',
    );
    writeFileSync(
      path.join(dir, "server/vitest.plugin.ts"),
      'import { tag } from "../src/tag.js";\n\nexport function tagPlugin() {\n  return { name: "tag", transform: (code: string) => `${tag}\\n${code}` };\n}\n',
    );
    writeFileSync(path.join(dir, "src/tag.ts"), 'export const tag = "// tagged";\n');
    writeFileSync(
      path.join(dir, "vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\n\nexport default defineConfig({ test: { projects: ["server/vitest.config.ts", { test: { include: ["app/**/*.test.ts"] } }] } });\n',
    );
    const result = affectedIn(analyze({ root: dir }), "src/tag.ts");
    expect(result.widened).toEqual([]);
    expect(testsOf(result)).toEqual([
      "server/users.test.ts: src/tag.ts runs before it (test setup); changed",
    ]);
    expect(testsOf(affectedIn(analyze({ root: dir }), "server/vitest.plugin.ts"))).toEqual([
      "server/users.test.ts: server/vitest.plugin.ts runs before it (test setup); changed",
    ]);
  });
});

// starlight: `projects: ["__tests__/*/vitest.config.ts"]`, each config under `__tests__/`.
describe("a Vitest config under __tests__", () => {
  it("is no test (a tool's config), though the folder makes its other files tests", () => {
    const dir = copyFixture("vitest-setup");
    mkdirSync(path.join(dir, "int/__tests__/basics"), { recursive: true });
    writeFileSync(
      path.join(dir, "int/__tests__/basics/vitest.config.ts"),
      'import { defineProject } from "vitest/config";\nimport { base } from "../test-config.js";\n\nexport default defineProject(base);\n',
    );
    writeFileSync(path.join(dir, "int/__tests__/test-config.ts"), "export const base = {};\n");
    const analysis = analyze({ root: dir });
    const isTest = (file: string) =>
      analysis.roles.isTest(analysis.loaded.files.find((each) => each.path === file)!);
    expect([
      isTest("int/__tests__/basics/vitest.config.ts"),
      isTest("int/__tests__/test-config.ts"),
    ]).toEqual([false, true]);
  });
});
