// test/fixtures/real-workspace: shapes of real monorepos (documenso, novu), node_modules not
// installed: a package without exports imported by folder, a tsup build per format behind a
// tsconfig outDir, a Mocha app and a Playwright app without a Vitest config. In-process, one copy.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies, type CliRun } from "../support/analyzer-fixtures.js";
import { workspaceCopy } from "./workspace-copy.js";
import { workspaceJson } from "./workspace-json.js";

let cli: (args: readonly string[]) => Promise<CliRun>;
beforeAll(() => {
  ({ cli } = workspaceCopy("real-workspace"));
});
afterAll(removeCopies);

const links = async (target: string) =>
  workspaceJson<{ links: unknown[] }>((await cli(["affected", target, "--json"])).stdout).links;
const API = "apps/api/src/app.ts";
const WEB = "apps/web/src/page.ts";

describe("a workspace of real shapes", () => {
  it("follows a subpath of a tsup build (dist/cjs, dist/esm) to its source, past the tsconfig's outDir", async () => {
    expect(await links("packages/framework/src/servers/express.ts")).toEqual([
      {
        from: "file packages/framework/src/servers/express.ts",
        to: `file ${API}`,
        reason: `${API} imports @shapes/framework/express (packages/framework/src/servers/express.ts)`,
      },
    ]);
    expect(await links("packages/framework/src/workflow.ts")).toEqual([
      {
        from: "file packages/framework/src/index.ts",
        to: `file ${WEB}`,
        reason: `${WEB} imports @shapes/framework (packages/framework/src/index.ts)`,
      },
    ]);
  });

  it("follows a package without exports by its main, and by the folder a subpath names", async () => {
    expect(await links("packages/trpc/react/index.ts")).toEqual([
      {
        from: "file packages/trpc/react/index.ts",
        to: `file ${API}`,
        reason: `${API} imports @shapes/trpc/react (packages/trpc/react/index.ts)`,
      },
    ]);
    expect(await links("packages/trpc/server/router.ts")).toEqual([
      {
        from: "file packages/trpc/index.ts",
        to: `file ${WEB}`,
        reason: `${WEB} imports @shapes/trpc (packages/trpc/index.ts)`,
      },
    ]);
  });

  it("verify hands Vitest only its own tests; the Mocha and Playwright ones it cannot run fail the plan", async () => {
    const run = await cli([
      "verify",
      "packages/framework/src/servers/express.ts",
      "packages/trpc/index.ts",
      "--dry-run",
    ]);
    // Neither runner is installed in the fixture: those selected tests cannot be run.
    expect(run.code).toBe(1);
    const section = (heading: string) => {
      const from = run.stdout.indexOf(`== ${heading}\n`);
      return run.stdout.slice(from, run.stdout.indexOf("\nplanned", from));
    };
    expect(section("@shapes/api (apps/api)")).toContain(
      "\ntests (each with its own runner below, where one is known):\n  src/app.spec.ts (the project runs Mocha (.mocharc.json))\n\ntests (Mocha): not run\n  why: 1 case of 1 Mocha test file not run: mocha is not installed for this project\n",
    );
    expect(section("@shapes/web (apps/web)")).toContain(
      "\ntests not run by vitest (each with its own runner below, where one is known):\n  e2e/sign.spec.ts (it imports @playwright/test)\n\ntests: vitest run src/page.test.ts\n  why: 2 of 2 cases: the ones the change can reach (see agentix affected); 1 of them another runner's (named above)\n\ntests (Playwright): not run\n  why: 1 case of 1 Playwright test file not run: @playwright/test is not installed for this project\n",
    );
    expect(run.stdout).toContain("\nplanned; verify would fail: tests\n");
  });

  it("affected's run line is the command verify runs, the other runners' tests named apart", async () => {
    const run = await cli([
      "affected",
      "packages/framework/src/servers/express.ts",
      "packages/trpc/index.ts",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "\nrun: vitest run src/page.test.ts\nnot run by vitest: e2e/sign.spec.ts (agentix verify says why)\n",
    );
    expect(run.stdout).toContain("\nnot run: src/app.spec.ts (agentix verify says why)\n");
    expect(run.stdout).not.toContain("run: vitest run e2e/sign.spec.ts");
  });
});

/** A copy of the fixture of its own, with `files` (root-relative) written into it. */
function copyWith(files: Record<string, string>) {
  const copy = workspaceCopy("real-workspace");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(copy.root, file)), { recursive: true });
    writeFileSync(path.join(copy.root, file), text);
  }
  return copy;
}

// zod's packages: each package's vitest.config merges the workspace root's, whose setupFiles
// (built with resolve(__dirname, ...)) lie outside the package.
describe("a setup file a package's Vitest config takes from the root's", () => {
  it("reaches every test of the package when it changes, from outside it", async () => {
    const copy = copyWith({
      "vitest.config.ts":
        'import { resolve } from "node:path";\nimport { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { setupFiles: [resolve(__dirname, "scripts/fail-on-console.ts")] },\n});\n',
      "scripts/fail-on-console.ts": 'console.error = () => {\n  throw new Error("no");\n};\n',
      "apps/web/vitest.config.ts":
        'import { mergeConfig } from "vitest/config";\nimport root from "../../vitest.config.js";\n\nexport default mergeConfig(root, { test: { include: ["src/**/*.test.ts"] } });\n',
    });
    const result = await copy.cli(["affected", "scripts/fail-on-console.ts"]);
    expect(result.code).toBe(0);
    // apps/api has no Vitest config of its own: the root's setup counts for it too.
    expect(result.stdout).toContain(
      "  @shapes/api (apps/api)                  1 of 1 test cases in 1 of 1 test files\n" +
        "  @shapes/web (apps/web)                  2 of 2 test cases in 2 of 2 test files\n",
    );
    expect(result.stdout).toContain(
      "widened to the whole application:\n  a test setup file outside the project changed: ../../scripts/fail-on-console.ts runs before every test [outside-project]\n",
    );
  });
});

// zod's package.json: `"@zod/source": "./src/index.ts"` beside build targets that are not there
// until the package is built.
describe("exports whose build targets are not there", () => {
  it("link to the source the other condition names; a build that is there keeps the link unknown", async () => {
    const copy = copyWith({
      "packages/trpc/package.json": JSON.stringify({
        name: "@shapes/trpc",
        exports: {
          ".": {
            "@shapes/source": "./index.ts",
            types: "./out/index.d.ts",
            import: "./out/index.js",
          },
          "./react": "./react/index.ts",
        },
      }),
    });
    const linksNow = async () =>
      workspaceJson<{ links: unknown[] }>(
        (await copy.cli(["affected", "packages/trpc/server/router.ts", "--json"])).stdout,
      ).links;
    expect(await linksNow()).toEqual([
      {
        from: "file packages/trpc/index.ts",
        to: `file ${WEB}`,
        reason: `${WEB} imports @shapes/trpc (packages/trpc/index.ts)`,
      },
    ]);
    mkdirSync(path.join(copy.root, "packages/trpc/out"));
    writeFileSync(path.join(copy.root, "packages/trpc/out/index.js"), "export {};\n"); // a build
    expect(await linksNow()).toEqual([
      {
        from: "package @shapes/trpc",
        to: `file ${WEB}`,
        reason: `${WEB} imports @shapes/trpc (packages/trpc: its exports name no analysed source)`,
      },
    ]);
  });
});

// drizzle-orm: tests under tests/ with a tsconfig of their own (include "." and "../src") that the
// package's tsconfig leaves out. They were reported as not analysed and never selected.
describe("tests a tsconfig inside a package owns", () => {
  it("are analysed as another project of the package and selected when its sources change", async () => {
    const copy = copyWith({
      "packages/framework/test/tsconfig.json":
        '{ "extends": "../../../tsconfig.base.json", "include": [".", "../src"] }\n',
      "packages/framework/test/workflow.test.ts":
        'import { expect, it } from "vitest";\nimport { workflow } from "../src/workflow.js";\n\nit("names a workflow", () => {\n  expect(workflow("sign").name).toBe("sign");\n});\n',
    });
    const run = await copy.cli(["affected", "packages/framework/src/workflow.ts"]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("not analysed");
    expect(run.stdout).toContain(
      "  @shapes/framework (packages/framework)                     0 of 0 test cases in 0 of 0 test files\n" +
        "  @shapes/framework (packages/framework/test/tsconfig.json)  1 of 1 test cases in 1 of 1 test files\n",
    );
    expect(run.stdout).toContain("== @shapes/framework (packages/framework/test/tsconfig.json)\n");
    expect(run.stdout).toContain("  test/workflow.test.ts  all 1 (");
  });
});

// effect: one vitest.config.ts at the root names every package as a project (through calls of
// its own) and gives them all `setupFiles: [path.join(__dirname, "vitest.setup.ts")]`; no package
// has a config of its own.
describe("the setup files of the workspace root's Vitest config", () => {
  it("run before the tests of a package without a Vitest config of its own", async () => {
    const copy = copyWith({
      "vitest.config.ts":
        'import * as path from "node:path";\nimport { defineConfig } from "vitest/config";\n\nconst project = (root: string) => [{ root, test: { include: ["src/**/*.test.ts"] } }];\n\nexport default defineConfig({\n  test: {\n    projects: [...project("apps/web"), ...project("apps/api")],\n    setupFiles: [path.join(__dirname, "vitest.setup.ts")],\n  },\n});\n',
      "vitest.setup.ts": "export {};\n",
    });
    const run = await copy.cli(["affected", "vitest.setup.ts"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "  @shapes/api (apps/api)                  1 of 1 test cases in 1 of 1 test files\n" +
        "  @shapes/web (apps/web)                  2 of 2 test cases in 2 of 2 test files\n",
    );
    expect(run.stdout).toContain(
      "  a test setup file outside the project changed: ../../vitest.setup.ts runs before every test [outside-project]\n",
    );
  });
});

// Vitest 3: the projects and their setup in vitest.workspace.ts at the root, no vitest.config.ts.
describe("the setup files of the workspace root's Vitest 3 workspace file", () => {
  it("run before the tests of a package without a Vitest config of its own", async () => {
    const copy = copyWith({
      "vitest.workspace.ts":
        'import { defineWorkspace } from "vitest/config";\n\nexport default defineWorkspace([\n  { test: { root: "apps/api", setupFiles: ["../../vitest.setup.ts"] } },\n]);\n',
      "vitest.setup.ts": "export {};\n",
    });
    const run = await copy.cli(["affected", "vitest.setup.ts"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "  @shapes/api (apps/api)                  1 of 1 test cases in 1 of 1 test files\n",
    );
  });
});
