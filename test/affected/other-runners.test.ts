// verify runs the selected tests another runner owns with that runner (test/fixtures/other-runners):
// Jest by the project's config, node:test and Playwright by their imports, each on exactly the
// selected files from its config's folder; a runner it cannot start fails the verdict (the change
// is not verified); --vitest-only names them and runs none. The runners here are stand-ins
// installed in the copy's node_modules: each records its arguments and folder, and fails when told.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { createAjv } from "../../schema/ajv.js";
import { REPO, copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

/** Where the stand-in runners append `{ tool, args, cwd }`, one JSON line per run. */
const LOG = "AGENTIX_TEST_RUNNER_LOG";
/** The stand-in named here exits 1. */
const FAIL = "AGENTIX_TEST_RUNNER_FAIL";
/** The stand-in named here kills itself with SIGKILL. */
const KILL = "AGENTIX_TEST_RUNNER_KILL";

/** A stand-in runner package: `bin` records its run; `types`, its module's declarations. */
function standIn(root: string, name: string, bin: string, binPath: string, types = ""): void {
  const dir = path.join(root, "node_modules", name);
  mkdirSync(path.dirname(path.join(dir, binPath)), { recursive: true });
  // The bin is CommonJS whatever the project's "type".
  const manifest = { name, version: "1.0.0", type: "commonjs", bin: { [bin]: binPath } };
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ ...manifest, types: "index.d.ts" }),
  );
  writeFileSync(path.join(dir, "index.d.ts"), types);
  writeFileSync(
    path.join(dir, binPath),
    `const { appendFileSync } = require("node:fs");
const node = process.execArgv.length > 0 ? { node: process.execArgv } : {};
appendFileSync(process.env.${LOG}, JSON.stringify({ tool: ${JSON.stringify(bin)}, ...node, args: process.argv.slice(2), cwd: process.cwd() }) + "\\n");
if (process.env.${KILL} === ${JSON.stringify(bin)}) process.kill(process.pid, "SIGKILL");
process.exit(process.env.${FAIL} === ${JSON.stringify(bin)} ? 1 : 0);
`,
  );
}

let root: string;
beforeAll(() => {
  root = copyFixture("other-runners");
  standIn(root, "jest", "jest", "bin/jest.js");
  standIn(root, "tsx", "tsx", "dist/cli.js");
  standIn(
    root,
    "@playwright/test",
    "playwright",
    "cli.js",
    "export declare function test(name: string, run: () => void): void;\nexport declare function expect(value: unknown): { toBe(expected: unknown): void };\n",
  );
});

interface Recorded {
  readonly tool: string;
  /** The Node.js flags the runner was started with. */
  readonly node?: readonly string[];
  readonly args: readonly string[];
  readonly cwd: string;
}

/** Runs `body` with the copy's package.json `test` script set to `script`, then restores it. */
async function withTestScript(script: string, body: () => Promise<void>): Promise<void> {
  const manifest = path.join(root, "package.json");
  const saved = readFileSync(manifest, "utf8");
  writeFileSync(
    manifest,
    JSON.stringify({ ...(JSON.parse(saved) as object), scripts: { test: script } }),
  );
  try {
    await body();
  } finally {
    writeFileSync(manifest, saved);
  }
}

async function verify(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; runs: Recorded[] }> {
  const log = path.join(root, "runs.log");
  rmSync(log, { force: true });
  writeFileSync(log, "");
  const saved = { ...process.env };
  Object.assign(process.env, { [LOG]: log }, env);
  try {
    const { io, stdout, stderr } = recordingIO(root);
    const code = await run(["verify", ...args], io);
    const runs = readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Recorded)
      .map((entry) => ({ ...entry, cwd: path.relative(root, entry.cwd) }));
    return { code, stdout: stdout(), stderr: stderr(), runs };
  } finally {
    for (const key of [LOG, FAIL, KILL]) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

interface Step {
  readonly step: string;
  readonly command: string;
  readonly status: string;
  readonly why: string;
  readonly details: readonly string[];
}
const testSteps = (stdout: string) =>
  (JSON.parse(stdout) as { steps: Step[] }).steps
    .filter((step) => step.step === "tests")
    .map(({ command, status, details }) => ({ command, status, details }));

describe("verify on tests other runners own", () => {
  it("runs each runner on exactly its selected files, from its config's folder", async () => {
    const result = await verify(["src/sum.ts", "src/mul.ts"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // In the order of their first selected file.
    expect(result.runs).toEqual([
      { tool: "playwright", args: ["test", "sum\\.spec\\.ts"], cwd: "e2e" },
      { tool: "tsx", args: ["--test", "src/mul.test.ts"], cwd: "" },
      { tool: "jest", args: ["--coverage=false", "--runTestsByPath", "src/sum.test.ts"], cwd: "" },
    ]);
    expect(result.stdout).toContain(
      "\ntests (each with its own runner below, where one is known):\n" +
        "  e2e/sum.spec.ts (it imports @playwright/test)\n" +
        "  src/mul.test.ts (it imports node:test)\n" +
        "  src/sum.test.ts (the project runs Jest (jest.config.js))\n" +
        "\ntests (from e2e): playwright test 'sum\\.spec\\.ts'\n",
    );
    expect(result.stdout).toContain(
      "\ntests: jest --coverage=false --runTestsByPath src/sum.test.ts\n" +
        "  why: 1 case of 1 Jest test file, of the 3 cases the change can reach: Jest runs them (named above), whole files\n",
    );
    expect(result.stdout).toContain(
      "\ntests (from e2e): playwright test 'sum\\.spec\\.ts'\n" +
        "  why: 1 case of 1 Playwright test file, of the 3 cases the change can reach: Playwright runs them (named above), whole files\n",
    );
    expect(result.stdout).toMatch(/\nverify passed\n$/u);
  });

  it("fails when a runner fails, naming the step", async () => {
    const result = await verify(["src/sum.ts", "--json"], { [FAIL]: "jest" });
    expect(result.code).toBe(1);
    expect(testSteps(result.stdout)).toEqual([
      { command: "playwright test 'sum\\.spec\\.ts'", status: "passed", details: [] },
      {
        command: "jest --coverage=false --runTestsByPath src/sum.test.ts",
        status: "failed",
        details: ["exit code 1"],
      },
    ]);
    expect((JSON.parse(result.stdout) as { ok: boolean }).ok).toBe(false);
    // Each run says where it ran, so that its command can be run again from there.
    const ran = (JSON.parse(result.stdout) as { steps: { step: string; cwd?: string }[] }).steps;
    expect(ran.map((step) => [step.step, step.cwd])).toEqual([
      ["typecheck", "."],
      ["lint", undefined],
      ["index", undefined],
      ["tests", "e2e"],
      ["tests", "."],
    ]);
  });

  it("says a runner killed by a signal was killed, not its 'exit code' (audit case-40/sigkill)", async () => {
    const result = await verify(["src/sum.ts", "--json"], { [KILL]: "jest" });
    expect(result.code).toBe(1);
    expect(testSteps(result.stdout)).toContainEqual({
      command: "jest --coverage=false --runTestsByPath src/sum.test.ts",
      status: "failed",
      details: ["killed by SIGKILL"],
    });
    const human = await verify(["src/sum.ts"], { [KILL]: "jest" });
    expect(human.stdout).toContain(
      "\ntests: jest --coverage=false --runTestsByPath src/sum.test.ts\n" +
        "  why: 1 case of 1 Jest test file, of the 2 cases the change can reach: Jest runs them (named above), whole files\n" +
        "  failed in ",
    );
    expect(human.stdout).toMatch(/\n {2}failed in \d+\.\d s: killed by SIGKILL\n/u);
  });

  it("fails when selected tests cannot be run: their runner is not installed, or not one verify starts", async () => {
    const result = await verify(["src/div.ts", "src/sum.ts", "--json"], { [FAIL]: "none" });
    expect(result.code).toBe(1);
    // The output's contract: cli-verify.v1 (which embeds affected's).
    const ajv = createAjv();
    const schema = (file: string) =>
      JSON.parse(readFileSync(path.join(REPO, "schema", file), "utf8")) as object;
    ajv.addSchema(schema("cli-affected.v1.schema.json"));
    const validate = ajv.compile(schema("cli-verify.v1.schema.json"));
    expect(validate(JSON.parse(result.stdout)), JSON.stringify(validate.errors)).toBe(true);
    expect(testSteps(result.stdout)).toEqual([
      { command: "playwright test 'sum\\.spec\\.ts'", status: "passed", details: [] },
      {
        command: "jest --coverage=false --runTestsByPath src/sum.test.ts",
        status: "passed",
        details: [],
      },
      {
        command: "uvu",
        status: "failed",
        details: ["verify cannot hand files to uvu: run them with uvu yourself", "src/div.test.ts"],
      },
    ]);
    rmSync(path.join(root, "node_modules/jest"), { recursive: true });
    try {
      // The plan fails already (each verify here plans, so as not to spawn tsc again).
      const missing = await verify(["src/sum.ts", "--dry-run"]);
      expect(missing.code).toBe(1);
      expect(missing.stdout).toContain(
        "\ntests (from e2e): playwright test 'sum\\.spec\\.ts'\n" +
          "  why: 1 case of 1 Playwright test file, of the 2 cases the change can reach: Playwright runs them (named above), whole files\n" +
          "\ntests (Jest): not run\n  why: 1 case of 1 Jest test file not run: jest is not installed for this project\n",
      );
      expect(missing.stdout).toMatch(/\nplanned; verify would fail: tests\n$/u);
    } finally {
      standIn(root, "jest", "jest", "bin/jest.js");
    }
  });

  it("says a runner whose package.json cannot be read is installed, naming the file (audit case-40/badmanifest)", async () => {
    writeFileSync(path.join(root, "node_modules/jest/package.json"), "{ not json");
    try {
      const broken = await verify(["src/sum.ts", "--dry-run"]);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain(
        '\ntests (Jest): not run\n  why: 1 case of 1 Jest test file not run: jest is installed, but node_modules/jest/package.json is not valid JSON: line 1, column 3: unexpected "n", expected a property name in double quotes\n',
      );
    } finally {
      standIn(root, "jest", "jest", "bin/jest.js");
    }
  });

  it("--vitest-only names them, runs none, and passes", async () => {
    const result = await verify(["src/div.ts", "src/sum.ts", "--vitest-only", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.runs).toEqual([]);
    expect(result.stdout).toContain(
      "\ntests (--vitest-only: not run):\n" +
        "  e2e/sum.spec.ts (it imports @playwright/test)\n" +
        "  src/div.test.ts (it imports uvu)\n" +
        "  src/sum.test.ts (the project runs Jest (jest.config.js))\n" +
        "\ntests (Playwright): skipped\n  why: --vitest-only: 1 case of 1 Playwright test file not run\n" +
        "\ntests (uvu): skipped\n  why: --vitest-only: 1 case of 1 uvu test file not run\n" +
        "\ntests (Jest): skipped\n  why: --vitest-only: 1 case of 1 Jest test file not run\n" +
        "\nplanned\n",
    );
  });

  it("affected's run lines are the commands verify runs; a test no run takes is named apart", async () => {
    const { io, stdout } = recordingIO(root);
    expect(await run(["affected", "src/sum.ts", "src/mul.ts", "src/div.ts"], io)).toBe(0);
    expect(stdout().split("\n").slice(-6)).toEqual([
      "",
      "run (Playwright, from e2e): playwright test 'sum\\.spec\\.ts'",
      "run (node:test): tsx --test src/mul.test.ts",
      "run (Jest): jest --coverage=false --runTestsByPath src/sum.test.ts",
      // No Vitest run beside them: "by vitest" would name a runner this answer does not use.
      "not run: src/div.test.ts (agentix verify says why)",
      "",
    ]);
  });

  // A CI matrix built from them ran none of these tests, and nothing said so.
  it("--format vitest-invocations warns that the other runners' selected tests are in none", async () => {
    const { io, stdout, stderr } = recordingIO(root);
    expect(
      await run(["affected", "src/sum.ts", "src/div.ts", "--format", "vitest-invocations"], io),
    ).toBe(0);
    expect((JSON.parse(stdout()) as { invocations: unknown[] }).invocations).toEqual([]);
    expect(stderr()).toBe(
      "agentix affected: warning: these are Vitest's invocations alone; the selected test files of other runners (1 Playwright, 1 uvu, 1 Jest) are in none of them: run them as `agentix verify` does (its text names each command), or ask for --format test-invocations\n",
    );
  });

  // The other runners' runs in a machine-readable form: what an agent or a CI matrix runs.
  it("--format test-invocations: each runner's command line, folder and environment, and what none runs", async () => {
    const validate = createAjv().compile(
      JSON.parse(
        readFileSync(path.join(REPO, "schema/cli-test-invocations.v1.schema.json"), "utf8"),
      ) as object,
    );
    const targets = ["src/sum.ts", "src/mul.ts", "src/div.ts"];
    for (const verb of ["affected", "verify"]) {
      const { io, stdout, stderr } = recordingIO(root);
      expect(await run([verb, ...targets, "--format", "test-invocations"], io)).toBe(0);
      const value = JSON.parse(stdout()) as unknown;
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      const other = (runner: string, cwd: string, command: string, args: string[]) => ({
        package: null,
        runner,
        cwd,
        command,
        args,
        env: {},
        files: 1,
        cases: 1,
        widened: false,
      });
      expect(value).toEqual({
        schemaVersion: 1,
        command: verb,
        shard: null,
        invocations: [
          other("Playwright", "e2e", "playwright", ["test", "sum\\.spec\\.ts"]),
          other("node:test", ".", "tsx", ["--test", "src/mul.test.ts"]),
          other("Jest", ".", "jest", ["--coverage=false", "--runTestsByPath", "src/sum.test.ts"]),
        ],
        unrunnable: [
          {
            package: null,
            runner: "uvu",
            why: "verify cannot hand files to uvu: run them with uvu yourself",
            files: ["src/div.test.ts"],
          },
        ],
      });
      expect(stderr()).toBe(
        `agentix ${verb}: warning: selected test files no invocation runs (1 uvu): see "unrunnable" for why\n`,
      );
    }
    // The very runs verify makes.
    expect((await verify([...targets, "--dry-run", "--json"])).stdout).toContain(
      "jest --coverage=false --runTestsByPath src/sum.test.ts",
    );
  });

  it("--dry-run plans the runs and starts none", async () => {
    const result = await verify(["src/mul.ts", "--dry-run", "--json"]);
    expect(result.code).toBe(0);
    expect(result.runs).toEqual([]);
    // The Playwright spec drives the application from outside: any change to it may show there.
    expect(testSteps(result.stdout)).toEqual([
      { command: "playwright test 'sum\\.spec\\.ts'", status: "planned", details: [] },
      { command: "tsx --test src/mul.test.ts", status: "planned", details: [] },
    ]);
  });

  it("a change to a test alone selects no Playwright spec it does not reach", async () => {
    const result = await verify(["src/mul.test.ts", "--dry-run", "--json"]);
    expect(testSteps(result.stdout)).toEqual([
      { command: "tsx --test src/mul.test.ts", status: "planned", details: [] },
    ]);
  });

  it("--shard splits them: each selected file runs in exactly one shard", async () => {
    const planned = async (shard: string) =>
      testSteps(
        (await verify(["src/sum.ts", "src/mul.ts", "--shard", shard, "--dry-run", "--json"]))
          .stdout,
      ).map((step) => step.command);
    const [first, second] = [await planned("1/2"), await planned("2/2")];
    expect([...first, ...second].sort()).toEqual([
      "jest --coverage=false --runTestsByPath src/sum.test.ts",
      "playwright test 'sum\\.spec\\.ts'",
      "tsx --test src/mul.test.ts",
    ]);
    expect([first.length > 0, second.length > 0]).toEqual([true, true]);
    // --format test-invocations splits them alike: each file in exactly one part (helper-25
    // repro-3: every node:test file was in every part).
    const invoked = async (shard: string) => {
      const { io, stdout } = recordingIO(root);
      await run(
        ["affected", "src/sum.ts", "src/mul.ts", "--format", "test-invocations", "--shard", shard],
        io,
      );
      return (JSON.parse(stdout()) as { invocations: { args: string[] }[] }).invocations.map(
        (invocation) => invocation.args.at(-1),
      );
    };
    const parts = [...(await invoked("1/2")), ...(await invoked("2/2"))];
    expect(parts.sort()).toEqual(["src/mul.test.ts", "src/sum.test.ts", "sum\\.spec\\.ts"]);
  });

  // case-14b: Jest's ESM docs' `node --experimental-vm-modules node_modules/jest/bin/jest.js`.
  it("starts the runner with the Node.js flags the test script gives before it", async () => {
    await withTestScript("node --no-deprecation node_modules/jest/bin/jest.js --ci", async () => {
      const result = await verify(["src/sum.ts", "--json"]);
      expect(result.code).toBe(0);
      expect(result.runs.filter((entry) => entry.tool === "jest")).toEqual([
        {
          tool: "jest",
          node: ["--no-deprecation"],
          args: ["--ci", "--coverage=false", "--runTestsByPath", "src/sum.test.ts"],
          cwd: "",
        },
      ]);
      expect(testSteps(result.stdout).map((step) => step.command)).toContain(
        "node --no-deprecation node_modules/jest/bin/jest.js --ci --coverage=false --runTestsByPath src/sum.test.ts",
      );
      // The invocation an agent or CI runs is the same command: node, its flags, the runner's file.
      const { io, stdout } = recordingIO(root);
      expect(await run(["affected", "src/sum.ts", "--format", "test-invocations"], io)).toBe(0);
      const { invocations } = JSON.parse(stdout()) as {
        invocations: { runner: string; command: string; args: string[] }[];
      };
      expect(invocations.filter((invocation) => invocation.runner === "Jest")).toEqual([
        expect.objectContaining({
          command: "node",
          args: [
            "--no-deprecation",
            "node_modules/jest/bin/jest.js",
            "--ci",
            "--coverage=false",
            "--runTestsByPath",
            "src/sum.test.ts",
          ],
        }),
      ]);
    });
  });

  // case-8: pasted into bash, the shown command ran the $(...) and backticks npm test never runs.
  it("shows each command as a shell reads it back: every word that needs it single-quoted", async () => {
    await withTestScript("X_A='$(touch p)' jest -t 'add `touch q` it'\\''s'", async () => {
      const shown =
        "X_A='$(touch p)' jest -t 'add `touch q` it'\\''s' --coverage=false --runTestsByPath src/sum.test.ts";
      const result = await verify(["src/sum.ts", "--dry-run", "--json"]);
      expect(testSteps(result.stdout).map((step) => step.command)).toContain(shown);
      const { io, stdout } = recordingIO(root);
      expect(await run(["affected", "src/sum.ts"], io)).toBe(0);
      expect(stdout()).toContain(`\nrun (Jest): ${shown}\n`);
      expect(stdout()).toContain(
        "\nrun (Playwright, from e2e): playwright test 'sum\\.spec\\.ts'\n",
      );
    });
  });
});
