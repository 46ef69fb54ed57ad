// `agentix affected`, `verify` and `scaffold` as a user runs them: in-process on one warm
// analysis of the fixture (test/support/warm-cli.ts), and through the built bin where only a
// process shows the behaviour (exit codes and output streams of refusals).
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAjv } from "../../schema/ajv.js";
import {
  REPO,
  copyFixture,
  recordingIO,
  removeCopies,
  runCli,
  type CliRun,
} from "../support/analyzer-fixtures.js";
import { run } from "../../analyzer/cli/main.js";
import { warmCli } from "../support/warm-cli.js";

let project: string;
let cli: (args: readonly string[]) => Promise<CliRun>;
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const schema = (file: string) =>
  JSON.parse(readFileSync(path.join(REPO, "schema", file), "utf8")) as { $id: string };
const ajv = createAjv();
ajv.addSchema(schema("cli-affected.v1.schema.json"));
const validate = (file: string, text: string): unknown => {
  const value = JSON.parse(text) as unknown;
  const check = ajv.getSchema(schema(file).$id) ?? ajv.compile(schema(file));
  expect(check(value), JSON.stringify(check.errors)).toBe(true);
  return value;
};

beforeAll(async () => {
  project = copyFixture("affected-app");
  cli = warmCli(project);
  symlinkSync(
    path.join(REPO, "node_modules/vitest"),
    path.join(project, "node_modules/vitest"),
    "dir",
  );
  writeFileSync(path.join(project, ".gitignore"), "node_modules\n");
  git("init", "-q");
  expect((await cli(["index"])).code).toBe(0);
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "base");
});
afterAll(removeCopies);

describe("agentix affected", () => {
  it("answers for an operation id with JSON that follows its schema", async () => {
    const run = await cli(["affected", "cart.total", "--json"]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const result = validate("cli-affected.v1.schema.json", run.stdout) as {
      targets: string[];
      affected: { operations: string[] };
      tests: { files: { file: string; cases: { line: number }[] }[] };
    };
    expect(result.targets).toEqual(["cart.total"]);
    expect(result.affected.operations).toEqual(["cart.total"]);
    expect(result.tests.files.map((file) => [file.file, file.cases.map((c) => c.line)])).toEqual([
      ["src/features/cart/cart.test.ts", [18]],
      ["test/app.test.ts", [6]],
      ["test/process.test.ts", []],
    ]);
  });

  it("prints the answer, the reasons and the Vitest filters as text", async () => {
    const run = await cli(["affected", "cart.total"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "agentix affected for cart.total: 0 changed files; 3 of 10 test cases in 3 of 4 test files\n",
    );
    expect(run.stdout).toContain(
      "  operation cart.total -> test src/features/cart/cart.test.ts:18 [declared operation test]\n",
    );
    expect(run.stdout).toContain("  operation cart.total -> feature cart [feature operation]\n");
    expect(run.stdout).toContain(
      "\nrun: vitest run src/features/cart/cart.test.ts:18 test/app.test.ts test/process.test.ts\n",
    );
  });

  it("takes a feature id and a file path", async () => {
    const feature = JSON.parse((await cli(["affected", "catalog", "--json"])).stdout) as {
      changes: { path: string }[];
      tests: { selected: { cases: number } };
    };
    expect(feature.changes.map((change) => change.path)).toEqual([
      "src/features/catalog/catalog.test.ts",
      "src/features/catalog/contract.ts",
      "src/features/catalog/feature.ts",
      "src/features/catalog/model.ts",
      "src/features/catalog/operations.ts",
    ]);
    expect(feature.tests.selected.cases).toBe(10);
    const file = JSON.parse(
      (await cli(["affected", "src/features/cart/model.ts", "--json", "--compact"])).stdout,
    ) as { tests: { files: { file: string; whole: boolean }[] } };
    expect(file.tests.files).toEqual([
      expect.objectContaining({ file: "src/features/cart/cart.test.ts", whole: true }),
      expect.objectContaining({ file: "test/app.test.ts", whole: true }),
      expect.objectContaining({ file: "test/process.test.ts", whole: true }),
    ]);
  });

  it.each([
    [
      ["affected"],
      "agentix affected: name a feature, an operation or a file, or give --since <git-ref>\n",
    ],
    [
      ["affected", "cart.total", "--since", "HEAD"],
      "agentix affected: give targets or --since, not both\n",
    ],
    [
      ["affected", "--since", "no-such-ref"],
      'agentix affected: "no-such-ref" is not a commit in this repository\n',
    ],
    // An MCP client's `since: "--output=x"` reaches the verb as `--since=--output=x`: never an
    // option of git's.
    [
      ["affected", "--since=--output=/tmp/agentix-pwned"],
      'agentix affected: "--output=/tmp/agentix-pwned" is not a commit in this repository\n',
    ],
    // A 100 KB ref is cut as a long target is (it was echoed whole: helper-40).
    [
      ["affected", "--since", "r".repeat(100_000)],
      `agentix affected: "${"r".repeat(200)}..." (100000 characters) is not a commit in this repository\n`,
    ],
    [
      ["affected", "nothing.here"],
      'agentix affected: "nothing.here" is not an operation, a feature or an existing file (operations: cart.add-item, cart.check-coupon, cart.total, catalog.add, catalog.discount, catalog.get)\n',
    ],
    [
      ["affected", "cart.total", "--compact"],
      "agentix affected: --compact requires --json or --format json|vitest-invocations|test-invocations\n",
    ],
  ])("refuses %j with exit code 2", async (args, message) => {
    const run = await cli(args);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `${message}run \`agentix affected --help\` for usage\n`,
    ]);
  });
  // A folder outside the project is not walked: mcp's affected listed every file under `../..`,
  // and `affected /` walked the whole disk (helper-40). A file there is still taken as before.
  it("refuses a folder outside the project root with exit code 2", async () => {
    for (const target of ["/", ".."]) {
      const run = await cli(["affected", target]);
      expect([run.code, run.stdout]).toEqual([2, ""]);
      expect(run.stderr).toMatch(
        new RegExp(
          `^agentix affected: "${target === "/" ? "/" : "\\.\\."}" is a folder outside the project root /`,
          "u",
        ),
      );
    }
  });

  it("refuses through the built bin with exit code 2, the message on stderr only", () => {
    expect(runCli(["affected", "cart.total", "--since", "HEAD"], project)).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix affected: give targets or --since, not both\nrun `agentix affected --help` for usage\n",
    });
  });
});

describe("agentix verify", () => {
  it("plans typecheck, lint, index and the selected tests under --dry-run", async () => {
    const run = await cli(["verify", "cart.total", "--dry-run", "--json"]);
    expect(run.code).toBe(0);
    const result = validate("cli-verify.v1.schema.json", run.stdout) as {
      steps: { step: string; command: string; status: string }[];
      index: unknown;
    };
    expect(result.index).toEqual({ file: ".agentix/index.json", action: "planned" });
    expect(result.steps.map((step) => [step.step, step.command, step.status])).toEqual([
      ["typecheck", "tsc --noEmit -p tsconfig.json", "planned"],
      [
        "lint",
        "agentix rules (no-private-imports, no-ambient-capabilities, no-undeclared-dependencies, no-query-writes) on 5 files",
        "planned",
      ],
      ["index", "agentix index (.agentix/index.json, rewritten when stale)", "planned"],
      [
        "tests",
        "vitest run src/features/cart/cart.test.ts:18 test/app.test.ts test/process.test.ts",
        "planned",
      ],
    ]);
  });

  it("runs every step and passes", () => {
    // Through the bin: the steps' own output (Vitest's summary) goes to the process's stderr.
    const run = runCli(["verify", "cart.total"], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "\ntests: vitest run src/features/cart/cart.test.ts:18 test/app.test.ts test/process.test.ts\n",
    );
    expect(run.stdout.endsWith("\nverify passed\n")).toBe(true);
    // Exactly the three selected cases ran; the other three of those files were skipped.
    expect(run.stderr.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(
      /Tests\s+3 passed \| 3 skipped \(6\)/,
    );
  }, 120_000);

  it("fails with exit code 1 when a selected test fails", async () => {
    const file = path.join(project, "src/features/cart/cart.test.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(
      file,
      original.replace(
        "expect(run.outcome).toEqual({ ok: true, value: { totalCents: 0 }, events: [] });",
        "expect(run.outcome).toEqual({ ok: true, value: { totalCents: 1 }, events: [] });",
      ),
    );
    try {
      const run = await cli(["verify", "cart.total", "--json"]);
      expect(run.code).toBe(1);
      const result = validate("cli-verify.v1.schema.json", run.stdout) as {
        ok: boolean;
        steps: { step: string; status: string }[];
        index: unknown;
      };
      expect(result.ok).toBe(false);
      // The edit changes no fact: the committed index stays current.
      expect(result.steps.map((step) => [step.step, step.status])).toEqual([
        ["typecheck", "passed"],
        ["lint", "passed"],
        ["index", "passed"],
        ["tests", "failed"],
      ]);
      expect(result.index).toEqual({ file: ".agentix/index.json", action: "current" });
    } finally {
      writeFileSync(file, original);
    }
  }, 120_000);
});

describe("agentix verify with project references", () => {
  it("builds with tsc -b, which checks only the referenced projects the change reaches", async () => {
    const referencing = copyFixture("affected-app");
    mkdirSync(path.join(referencing, "lib"));
    writeFileSync(
      path.join(referencing, "lib/tsconfig.json"),
      JSON.stringify({
        compilerOptions: { composite: true, outDir: "out", module: "NodeNext" },
        include: ["*.ts"],
      }),
    );
    writeFileSync(path.join(referencing, "lib/units.ts"), "export const cents = 100;\n");
    const tsconfig = JSON.parse(
      readFileSync(path.join(referencing, "tsconfig.json"), "utf8"),
    ) as Record<string, unknown>;
    writeFileSync(
      path.join(referencing, "tsconfig.json"),
      JSON.stringify({ ...tsconfig, references: [{ path: "./lib" }] }),
    );
    const run = await warmCli(referencing)(["verify", "cart.total", "--dry-run", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as {
      steps: { step: string; command: string; why: string }[];
    };
    expect(result.steps[0]).toEqual({
      step: "typecheck",
      command: "tsc -b tsconfig.json",
      why: "the tsconfig uses project references: tsc -b checks the referenced projects the change reaches and reuses the rest",
      status: "planned",
      cwd: ".",
      durationMs: null,
      details: [],
    });
  });
});

describe("agentix scaffold", () => {
  it("writes a feature, refuses to overwrite it, and refuses unsafe names", async () => {
    const dry = await cli(["scaffold", "feature", "gift-cards", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    const plan = validate("cli-scaffold.v1.schema.json", dry.stdout) as {
      written: boolean;
      directory: string;
      files: { path: string }[];
    };
    expect([plan.written, plan.directory, plan.files.length]).toEqual([
      false,
      "src/features/gift-cards",
      5,
    ]);
    const wrote = await cli(["scaffold", "feature", "gift-cards"]);
    expect([wrote.code, wrote.stdout.split("\n")[0]]).toEqual([
      0,
      "created feature gift-cards in src/features/gift-cards:",
    ]);
    expect(await cli(["scaffold", "feature", "gift-cards"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "agentix scaffold: src/features/gift-cards already exists; scaffold never overwrites\n",
    });
    expect(await cli(["scaffold", "feature", "../../etc"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agentix scaffold: invalid feature name: "../../etc" contains a path separator; give a name, not a path\nrun `agentix scaffold --help` for usage\n',
    });
    expect((await cli(["scaffold", "module", "x"])).code).toBe(2);
  });

  // In a folder that is no project it created src/features/<name> (exit 0), and from `/` it
  // walked the whole file system looking for feature folders (helper-27 repro-7).
  it("refuses a folder that is no project: no package.json or tsconfig.json there", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "agentix-no-project-"));
    try {
      const { io, stdout, stderr } = recordingIO(empty);
      expect(await run(["scaffold", "feature", "notes"], io)).toBe(2);
      expect([stdout(), stderr()]).toEqual([
        "",
        "agentix scaffold: . is not a project (no package.json or tsconfig.json there): run scaffold in the project, or pass --root\nrun `agentix scaffold --help` for usage\n",
      ]);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
