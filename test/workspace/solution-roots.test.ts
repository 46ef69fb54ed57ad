// Roots whose tsconfig.json is a solution naming projects in the root folder itself: hono's shape
// (test/fixtures/solution-root: tsconfig.build.json and tsconfig.spec.json beside runtime-tests
// and perf projects in sub-folders) and the Vite React-TS template's (test/fixtures/vite-app:
// tsconfig.app.json and tsconfig.node.json). Every verb works at the root, each project on its
// own tsconfig, each test counted once; in-process on one git copy of each fixture.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies, type CliRun } from "../support/analyzer-fixtures.js";
import { workspaceCopy, type WorkspaceCopy } from "./workspace-copy.js";
import { workspaceJson as parseWorkspaceJson } from "./workspace-json.js";

function workspaceJson<T>(run: CliRun): T {
  return parseWorkspaceJson<T>(run.stdout);
}

interface AffectedJson {
  workspace: { packages: { name: string; path: string; tsconfig: string | null }[] };
  packages: { tsconfig: string; result: { widened: { code: string }[] } }[];
  tests: {
    total: { files: number; cases: number; packages: { tsconfig: string; files: number }[] };
    files: { file: string }[];
  };
}

let hono: WorkspaceCopy;
let vite: WorkspaceCopy;
beforeAll(() => {
  hono = workspaceCopy("solution-root");
  vite = workspaceCopy("vite-app");
});
afterAll(removeCopies);

describe("a root like hono's: tsconfig.build.json and tsconfig.spec.json in the root folder", () => {
  it("affected counts the root's own tests, each once, beside the sub-folder projects'", async () => {
    const run = await hono.cli(["affected", "src/utils/url.ts", "--json"]);
    expect(run.stderr).toBe("");
    const json = workspaceJson<AffectedJson>(run);
    expect(json.workspace.packages).toEqual([
      { name: "mini-hono", path: ".", tsconfig: "tsconfig.build.json", analysed: true },
      { name: "mini-hono", path: ".", tsconfig: "tsconfig.spec.json", analysed: true },
      {
        name: "perf/scripts",
        path: "perf/scripts",
        tsconfig: "perf/scripts/tsconfig.json",
        analysed: true,
      },
      {
        name: "runtime-tests/node",
        path: "runtime-tests/node",
        tsconfig: "runtime-tests/node/tsconfig.json",
        analysed: true,
      },
    ]);
    // The build config excludes the tests: the spec project, which includes them, has them.
    expect(json.tests.total.packages.map((entry) => [entry.tsconfig, entry.files])).toEqual([
      ["tsconfig.build.json", 0],
      ["tsconfig.spec.json", 3],
      ["perf/scripts/tsconfig.json", 0],
      ["runtime-tests/node/tsconfig.json", 1],
    ]);
    // utils is a feature here: router and its test are reached, helper's test is not.
    expect(json.tests.files.map((file) => file.file)).toEqual([
      "src/router/router.test.ts",
      "src/utils/url.test.ts",
      "runtime-tests/node/index.test.ts",
    ]);
    expect(
      json.packages.map((entry) => [entry.tsconfig, entry.result.widened.map((w) => w.code)]),
      // perf/scripts neither compiles nor runs src/utils/url.ts: it is not reached.
    ).toEqual([
      ["tsconfig.build.json", []],
      ["tsconfig.spec.json", []],
      ["runtime-tests/node/tsconfig.json", ["outside-project"]],
    ]);
  });

  it("index writes the root folder's index from the project with the most feature files", async () => {
    const run = await hono.cli(["index"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "== mini-hono (tsconfig.spec.json)\n" +
        "wrote .agentix/index.json: 3 features, 0 operations, 0 ports, 0 events, 0 invariants, 3 test files, 7 source files\n\n" +
        "not indexed: mini-hono (tsconfig.build.json): its folder's index is tsconfig.spec.json's, which includes more of the feature folders' files\n" +
        "not indexed: perf/scripts: no features\n" +
        "not indexed: runtime-tests/node: no features\n",
    );
    const written = readFileSync(path.join(hono.root, ".agentix/index.json"), "utf8");
    expect(JSON.parse(written)).toMatchObject({ project: { tsconfig: "tsconfig.spec.json" } });
    expect((await hono.cli(["index", "--project", "tsconfig.spec.json"])).code).toBe(0);
    expect(readFileSync(path.join(hono.root, ".agentix/index.json"), "utf8")).toBe(written);
    expect((await hono.cli(["index", "--check"])).code).toBe(0);
  });

  it("without features (hono's own case), index and graph say so without analysing", async () => {
    const config = path.join(hono.root, "agentix.config.json");
    const text = readFileSync(config, "utf8");
    const index = path.join(hono.root, ".agentix/index.json");
    const committed = readFileSync(index, "utf8");
    rmSync(config);
    rmSync(index);
    try {
      const places = "tsconfig.build.json, tsconfig.spec.json, perf/scripts, runtime-tests/node";
      expect(await hono.cli(["graph"])).toEqual({
        code: 0,
        stdout: `no package of the workspace has features (${places}): nothing to graph\n`,
        stderr: "",
      });
      expect((await hono.cli(["index"])).stdout).toBe(
        `no package of the workspace has features (${places}): nothing to index\n`,
      );
      // A committed index is kept current (as `index` in the folder keeps it), from the project
      // it names, though the folder's features are gone.
      writeFileSync(index, committed);
      const rewritten = await hono.cli(["index"]);
      expect(rewritten.code).toBe(0);
      expect(rewritten.stdout).toMatch(
        /^== mini-hono \(tsconfig\.spec\.json\)\nwrote \.agentix\/index\.json: 0 features, /u,
      );
      expect(rewritten.stdout).toContain(
        "not indexed: mini-hono (tsconfig.build.json): its folder's index is tsconfig.spec.json's, which the committed index names\n",
      );
    } finally {
      writeFileSync(config, text);
      writeFileSync(index, committed);
    }
  });

  // Runs tsc and Vitest: the case is about the spawned steps (their folder and exit codes).
  it("verify in a sub-folder project: tsc finds its tsconfig, and a project without tests passes", async () => {
    const run = await hono.cli(["verify", "perf/scripts/measure.ts", "--json"]);
    const json = workspaceJson<{
      ok: boolean;
      packages: { tsconfig: string; steps: { step: string; command: string; status: string }[] }[];
    }>(run);
    expect(json.packages.map((entry) => [entry.tsconfig, entry.steps])).toEqual([
      [
        "perf/scripts/tsconfig.json",
        [
          expect.objectContaining({
            step: "typecheck",
            command: "tsc --noEmit -p tsconfig.json",
            cwd: "perf/scripts",
            status: "passed",
          }),
          expect.objectContaining({ step: "lint", status: "passed" }),
          expect.objectContaining({ step: "index", status: "skipped" }),
          expect.objectContaining({
            step: "tests",
            command: "vitest run . --passWithNoTests",
            status: "passed",
          }),
        ],
      ],
    ]);
    expect([run.code, json.ok]).toEqual([0, true]);
  });

  it("--project tsconfig.build.json leaves the tests to tsconfig.spec.json, saying so", async () => {
    const run = await hono.cli([
      "affected",
      "src/utils/url.ts",
      "--project",
      "tsconfig.build.json",
    ]);
    expect(run.stdout.split("\n")[0]).toBe(
      "agentix affected for src/utils/url.ts: 1 changed file; 0 of 0 test cases in 0 of 0 test files",
    );
    expect(run.stderr.split("\n").filter((line) => line.includes("src/utils/url.test.ts"))).toEqual(
      [
        // Its three tests on one line: a tsconfig owning several is said once.
        "agentix: warning: 3 tests the analysed tsconfig leaves out and tsconfig.spec.json owns are not analysed (pass that tsconfig with --project to analyse them): src/helper/html.test.ts, src/router/router.test.ts, src/utils/url.test.ts",
      ],
    );
  });
});

describe("a root like the Vite React-TS template: tsconfig.app.json and tsconfig.node.json", () => {
  it("index, check, inspect and graph answer from tsconfig.app.json, the project with the features", async () => {
    const index = await vite.cli(["index"]);
    expect(index).toEqual({
      code: 0,
      stdout:
        "== vite-app (tsconfig.app.json)\n" +
        "wrote .agentix/index.json: 2 features, 2 operations, 1 port, 0 events, 0 invariants, 3 test files, 11 source files\n\n" +
        "not indexed: vite-app (tsconfig.node.json): its folder's index is tsconfig.app.json's, which includes more of the feature folders' files\n",
      stderr: "",
    });
    expect(await vite.cli(["check"])).toEqual({
      code: 0,
      stdout:
        "== vite-app (tsconfig.app.json)\nno problems (2 features, 2 operations, 11 files checked)\n\n",
      stderr: "",
    });
    const check = workspaceJson<{ packages: { tsconfig: string; exitCode: number }[] }>(
      await vite.cli(["check", "--json"]),
    );
    expect(check.packages.map((entry) => [entry.tsconfig, entry.exitCode])).toEqual([
      ["tsconfig.app.json", 0],
    ]);
    const inspect = await vite.cli(["inspect", "todos.add", "--json"]);
    expect(inspect.code).toBe(0);
    expect(inspect).toEqual(
      await vite.cli(["inspect", "todos.add", "--json", "--project", "tsconfig.app.json"]),
    );
    expect(await vite.cli(["inspect", "nothing"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agentix inspect: in no project of the workspace: vite-app (tsconfig.app.json): no feature or operation "nothing" (features: notes, todos)\nrun `agentix inspect --help` for usage\n',
    });
    expect((await vite.cli(["graph"])).stdout).toBe(
      "== vite-app (tsconfig.app.json)\nnotes\ntodos\n\npackages: no package imports another\n",
    );
  });

  it("affected: src/ is tsconfig.app.json's; the test outside both includes is the first project's", async () => {
    const json = workspaceJson<AffectedJson>(
      await vite.cli(["affected", "src/features/todos/operations.ts", "--json"]),
    );
    expect(json.packages.map((entry) => entry.tsconfig)).toEqual(["tsconfig.app.json"]);
    expect(json.tests.files.map((file) => file.file)).toEqual([
      "src/features/todos/todos.test.ts",
      "tests/app.test.ts",
    ]);
    expect(json.tests.total).toMatchObject({ files: 3, cases: 3 });
  });

  it("--since: a removed file nothing imports selects nothing in either project, with or without a committed index", async () => {
    expect((await vite.cli(["index"])).code).toBe(0);
    vite.git("add", "-A");
    vite.git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "index");
    vite.git("rm", "-q", "src/features/notes/notes.test.ts");
    try {
      const json = workspaceJson<AffectedJson>(
        await vite.cli(["affected", "--since", "HEAD", "--json"]),
      );
      // Nothing imported the removed test: both answers are empty, not widened (the node
      // project, which commits no index, finds that in its tree as it is).
      expect(
        json.packages.map((entry) => [entry.tsconfig, entry.result.widened.map((w) => w.code)]),
      ).toEqual([
        ["tsconfig.app.json", []],
        ["tsconfig.node.json", []],
      ]);
      expect(json.tests.files).toEqual([]);
    } finally {
      vite.git("checkout", "-q", "HEAD", "--", "src/features/notes/notes.test.ts");
    }
  });

  it("verify: a config change reaches both projects; the index and the Vitest run are the app's alone", async () => {
    const verify = await vite.cli(["verify", "vite.config.ts", "--dry-run", "--json"]);
    expect(verify.code).toBe(0);
    const json = workspaceJson<{
      packages: { tsconfig: string; steps: { step: string; status: string; why: string }[] }[];
    }>(verify);
    expect(
      json.packages.map((entry) => [
        entry.tsconfig,
        entry.steps
          .filter((step) => step.step === "index" || step.step === "tests")
          .map((step) => `${step.step} ${step.status}: ${step.why}`),
      ]),
    ).toEqual([
      [
        "tsconfig.app.json",
        [
          "index planned: agents and CI read the committed index: verify regenerates it, so that it describes these sources and `agentix index --check` passes",
          "tests planned: widened: configuration changed: vite.config.ts",
        ],
      ],
      [
        "tsconfig.node.json",
        [
          "index skipped: .agentix/index.json is the index of tsconfig.app.json, not of tsconfig.node.json: verify leaves it",
          "tests skipped: the same Vitest run as vite-app (tsconfig.app.json)'s",
        ],
      ],
    ]);
    const invocations = JSON.parse(
      (await vite.cli(["affected", "vite.config.ts", "--format", "vitest-invocations"])).stdout,
    ) as { invocations: { package: string; args: string[] }[] };
    expect(invocations.invocations).toEqual([
      {
        package: "vite-app",
        cwd: ".",
        command: "vitest",
        args: ["run", "."],
        files: 3,
        cases: 3,
        widened: true,
      },
    ]);
  });

  // A Vite template with Playwright: tsconfig.node.json compiles the e2e specs. Its Vitest run
  // is the app's, skipped; its Playwright spec was skipped with it, unnamed and never run.
  it("verify: a project sharing the folder's Vitest run still runs its other runner's tests", async () => {
    const copy = workspaceCopy("vite-app");
    mkdirSync(path.join(copy.root, "e2e"));
    writeFileSync(
      path.join(copy.root, "e2e/home.spec.ts"),
      'import { test } from "@playwright/test";\n\ntest("home", () => {});\n',
    );
    const node = path.join(copy.root, "tsconfig.node.json");
    writeFileSync(
      node,
      readFileSync(node, "utf8").replace(
        '"include": ["vite.config.ts"]',
        '"include": ["vite.config.ts", "e2e"]',
      ),
    );
    const verify = await copy.cli(["verify", "vite.config.ts", "--dry-run", "--json"]);
    const json = workspaceJson<{
      packages: {
        tsconfig: string;
        steps: { step: string; command: string; status: string; why: string }[];
      }[];
    }>(verify);
    expect(
      json.packages.map((entry) => [
        entry.tsconfig,
        entry.steps
          .filter((step) => step.step === "tests")
          .map((step) => `${step.command} ${step.status}: ${step.why}`),
      ]),
    ).toEqual([
      [
        "tsconfig.app.json",
        ["vitest run . planned: widened: configuration changed: vite.config.ts"],
      ],
      [
        "tsconfig.node.json",
        [
          "vitest skipped: the same Vitest run as vite-app (tsconfig.app.json)'s",
          "Playwright failed: 1 case of 1 Playwright test file not run: @playwright/test is not installed for this project",
        ],
      ],
    ]);
    // Playwright is not installed in the copy: the plan cannot verify the change.
    expect(verify.code).toBe(1);
    // Both projects compile the spec: it is run (here: said not runnable) once, by the first.
    const app = path.join(copy.root, "tsconfig.app.json");
    writeFileSync(
      app,
      readFileSync(app, "utf8").replace('"include": ["src"]', '"include": ["src", "e2e"]'),
    );
    const both = workspaceJson<{
      packages: { tsconfig: string; steps: { step: string; command: string }[] }[];
    }>(await copy.cli(["verify", "vite.config.ts", "--dry-run", "--json"]));
    expect(
      both.packages.map((entry) => [
        entry.tsconfig,
        entry.steps.filter((step) => step.step === "tests").map((step) => step.command),
      ]),
    ).toEqual([
      ["tsconfig.app.json", ["vitest run .", "Playwright"]],
      ["tsconfig.node.json", ["vitest"]],
    ]);
  });
});
