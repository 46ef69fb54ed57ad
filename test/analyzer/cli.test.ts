// The `agentix` CLI end to end on copies of fixture projects: exit codes, stdout for results,
// stderr for diagnostics, JSON validated against the published schemas. Verbs run in-process
// (`run` with a recording io, cold or on one warm analysis); the built bin
// (dist/analyzer/cli/main.js) runs where a process is the point: its startup, its exit codes
// and its two streams for help, a bad command line, the first index write and the tsconfig
// errors, whose paths a process shows relative to its own directory (in-process runs show them
// relative to the test runner's).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, exitCodeFor, run } from "../../analyzer/cli/main.js";
import {
  ChangeSourceError,
  InvalidIndexError,
  ProjectLoadError,
  ScaffoldError,
  UsageError,
} from "../../analyzer/errors.js";
import {
  BIN,
  copyFixture,
  fixtureDir,
  recordingIO,
  removeCopies,
  schemaValidator,
  type CliRun,
} from "../support/analyzer-fixtures.js";
import { warmCli } from "../support/warm-cli.js";

const execFileAsync = promisify(execFile);
/** A case that spawns the CLI or analyses a project cold. */
const SLOW = { timeout: 180_000 };

const warmRunners = new Map<string, (args: readonly string[]) => Promise<CliRun>>();
/**
 * Runs a verb in-process on `cwd`'s one warm analysis (test/support/warm-cli.ts): what a verb
 * answers does not need a process of its own, and the project is analysed once per copy.
 */
async function warm(args: readonly string[], cwd: string): Promise<CliRun> {
  let runner = warmRunners.get(cwd);
  if (runner === undefined) warmRunners.set(cwd, (runner = warmCli(cwd)));
  return runner(args);
}

/** Runs a verb in-process with nothing warm: it analyses (or answers from the index) as the bin does. */
async function cold(args: readonly string[], cwd: string): Promise<CliRun> {
  const { io, stdout, stderr } = recordingIO(cwd);
  const code = await run(args, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

async function cli(args: readonly string[], cwd: string): Promise<CliRun> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [BIN, ...args], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : null,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

async function valid(schema: string, text: string): Promise<unknown> {
  const value = JSON.parse(text) as unknown;
  const validate = await schemaValidator(schema);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  return value;
}

let shop: string;
let broken: string;

beforeAll(() => {
  shop = copyFixture("shop");
  broken = copyFixture("broken");
});

afterAll(removeCopies);

describe("usage", SLOW, () => {
  it("prints help for every verb on stdout and exits 0", async () => {
    const runs = await Promise.all(
      ["index", "check", "inspect", "graph"].map((verb) => cold([verb, "--help"], shop)),
    );
    for (const [index, verb] of ["index", "check", "inspect", "graph"].entries()) {
      expect(runs[index]!.code).toBe(0);
      expect(runs[index]!.stdout).toMatch(new RegExp(`^Usage: agentix ${verb} `, "u"));
      expect(runs[index]!.stderr).toBe("");
    }
    const help = await cli(["--help"], shop);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}index +write \.agentix\/index\.json/mu);
    expect(help.stdout).toMatch(/^ {2}graph +feature dependencies/mu);
  });

  it("exits 2 with the reason on stderr for a bad command line", async () => {
    const [none, unknown, option, format, missing] = await Promise.all([
      cli([], shop),
      cold(["frobnicate"], shop),
      cold(["check", "--bogus"], shop),
      cold(["graph", "--format", "png"], shop),
      cold(["inspect"], shop),
    ]);
    for (const result of [none, unknown, option, format, missing]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
    }
    expect(none.stderr).toMatch(/^Usage: agentix <command>/u);
    expect(unknown.stderr).toMatch(/^agentix: unknown command "frobnicate"/u);
    expect(option.stderr).toBe(
      "agentix check: Unknown option '--bogus'\nrun `agentix check --help` for usage\n",
    );
    expect(format.stderr).toContain(
      'agentix graph: --format must be one of text, json, dot, mermaid, got "png"',
    );
    expect(missing.stderr).toContain("agentix inspect: name a feature or an operation to inspect");
  });

  it("lists each verb with its own summary, loading a verb's code only when it runs", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect([command.name, command.summary]).toEqual([entry.name, entry.summary]);
    }
  });

  it("exits 3 on an internal error, without a stack trace", async () => {
    const { io, stdout, stderr } = recordingIO(shop);
    const failing = {
      name: "explode",
      summary: "",
      usage: "",
      run: () => {
        throw new TypeError("boom");
      },
    };
    expect(await run(["explode"], io, [failing])).toBe(3);
    expect(stdout()).toBe("");
    expect(stderr()).toBe(
      "agentix explode: internal error: boom\nThis is a bug in agentix; please report it (AGENTIX_DEBUG=1 shows the stack trace).\n",
    );
  });
  it.each([
    [["index", "--compact"], "--compact requires --json"],
    [["check", "--compact"], "--compact requires --json or --format json|sarif"],
    [["check", "--json", "--format", "sarif"], "--json conflicts with --format sarif"],
    [["graph", "--format", "dot", "--compact"], "--compact requires --json"],
    [["inspect", "cart", "--compact"], "--compact requires --json"],
    [
      ["affected", "cart", "--compact"],
      "--compact requires --json or --format json|vitest-invocations|test-invocations",
    ],
    [["scaffold", "feature", "gift-cards", "--compact"], "--compact requires --json"],
    [
      ["verify", "cart", "--compact"],
      "--compact requires --json or --format json|vitest-invocations|test-invocations",
    ],
  ])(
    "reads the format flags of %j alike in every verb, before any analysis",
    async (args, message) => {
      const { io, stdout, stderr } = recordingIO(shop);
      const verb = args[0]!;
      expect([await run(args, io), stdout(), stderr()]).toEqual([
        2,
        "",
        `agentix ${verb}: ${message}\nrun \`agentix ${verb} --help\` for usage\n`,
      ]);
    },
  );

  it("maps each error to its exit code in one place: 2 for the user's or the environment's problems, 1 for a refusal, 3 for bugs", () => {
    expect(
      [
        new UsageError("bad flag", "check"),
        new ProjectLoadError("tsconfig-missing", "tsconfig.json: no such file", "tsconfig.json"),
        new ChangeSourceError("git-failed", "git cat-file --batch failed"),
        new ScaffoldError("feature-exists", "src/features/x already exists"),
        new InvalidIndexError(["/features must be array"]),
        new TypeError("boom"),
        "a string",
      ].map(exitCodeFor),
    ).toEqual([2, 2, 2, 1, 3, 3, 3]);
  });
});

describe("agentix index", SLOW, () => {
  it("writes the index atomically, identical to the API's bytes, and --check passes", async () => {
    const written = await cli(["index"], shop);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe(
      "wrote .agentix/index.json: 3 features, 4 operations, 5 ports, 2 events, 1 invariant, 3 test files, 17 source files\n",
    );
    expect(written.stderr).toBe("");
    const bytes = readFileSync(path.join(shop, ".agentix/index.json"), "utf8");
    expect(bytes).toBe(
      readFileSync(path.join(fixtureDir("../analyzer/__snapshots__"), "shop.index.json"), "utf8"),
    );
    await valid("index.v2.schema.json", bytes);
    const check = await warm(["index", "--check", "--json"], shop);
    expect(check.code).toBe(0);
    const result = (await valid("cli-index.v1.schema.json", check.stdout)) as {
      status: string;
      reasons: string[];
    };
    expect(result.status).toBe("current");
  });

  it("--check says what is stale, and that it is missing", async () => {
    const copy = copyFixture("shop");
    expect((await warm(["index"], copy)).code).toBe(0);
    const file = path.join(copy, "src/features/customers/operations.ts");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        'permissions: ["customers:write"]',
        'permissions: ["customers:admin"]',
      ),
    );
    const stale = await warm(["index", "--check"], copy);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toBe(
      [
        ".agentix/index.json is stale:",
        "  - operations: changed customers.register",
        "  - permissions: added customers:admin; removed customers:write",
        "run `agentix index` and commit the result",
        "",
      ].join("\n"),
    );
    rmSync(path.join(copy, ".agentix"), { recursive: true });
    const missing = await warm(["index", "--check", "--json", "--compact"], copy);
    expect(missing.code).toBe(1);
    expect(missing.stdout.trim().split("\n")).toHaveLength(1);
    const result = (await valid("cli-index.v1.schema.json", missing.stdout)) as { status: string };
    expect(result.status).toBe("missing");
  });

  it("records a syntax error as a diagnostic and still writes the index", async () => {
    const result = await warm(["index", "--json"], broken);
    expect(result.code).toBe(0);
    const parsed = (await valid("cli-index.v1.schema.json", result.stdout)) as {
      counts: { errors: number; warnings: number };
    };
    expect(parsed.counts).toMatchObject({ errors: 17, warnings: 7 });
    expect(result.stderr).toBe(
      "agentix: the index records 17 errors and 7 warnings; run `agentix check` for details\n",
    );
  });
});

describe("bad input", SLOW, () => {
  it("a missing tsconfig is exit 2 with a clear message", async () => {
    const result = await cli(["index", "--project", "nope/tsconfig.json"], shop);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix index: nope/tsconfig.json: no such file (pass the project's tsconfig with --project <path>)\n",
    });
  });

  it("--project naming a folder reads its tsconfig.json, as tsc -p does; a folder without one is named", async () => {
    const byFile = await cli(["graph", "--json", "--project", "tsconfig.json"], shop);
    expect(byFile.code).toBe(0);
    expect(await cli(["graph", "--json", "--project", ".."], path.join(shop, "src"))).toEqual(
      byFile,
    );
    expect(await cli(["graph", "--json", "--project", "."], shop)).toEqual(byFile);
    const missing = await cli(["index", "--project", "src"], shop);
    expect(missing).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix index: src/tsconfig.json: no such file (pass the project's tsconfig with --project <path>)\n",
    });
  });

  // bulletproof-react: no root tsconfig, one app per folder under apps/.
  it("a missing tsconfig names the tsconfigs below its folder, node_modules and dot-folders left out", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "agentix-below-"));
    try {
      for (const folder of [
        "apps/web",
        "apps/admin",
        "apps/admin/e2e",
        "node_modules/x",
        ".cache/y",
      ]) {
        mkdirSync(path.join(root, folder), { recursive: true });
        writeFileSync(path.join(root, folder, "tsconfig.json"), "{}\n");
      }
      const result = await cli(["index"], root);
      expect(result).toEqual({
        code: 2,
        stdout: "",
        stderr:
          "agentix index: tsconfig.json: no such file (pass the project's tsconfig with --project <path>; below it: apps/admin/tsconfig.json, apps/admin/e2e/tsconfig.json, apps/web/tsconfig.json)\n",
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  // Without --project, a solution root is a workspace of its projects (test/workspace/solution-roots.test.ts).
  it("--project naming a solution-style tsconfig (only references) is exit 2 naming the projects to pick from", async () => {
    const result = await cli(["index", "--project", "tsconfig.json"], fixtureDir("library"));
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix index: tsconfig.json includes no source files; it only references other projects (tsconfig.build.json): pass one of them with --project\n",
    });
  });

  // epic-stack: a project without operations listed "(operations: )".
  it("a target that names nothing in a project without operations says the project has none", async () => {
    const result = await cli(
      ["affected", "nothing.here", "--project", "tsconfig.build.json"],
      fixtureDir("library"),
    );
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agentix affected: "nothing.here" is not an operation, a feature or an existing file (the project has no operations)\nrun `agentix affected --help` for usage\n',
    });
  });

  it("a broken tsconfig is exit 2 naming the file and position", async () => {
    const copy = copyFixture("shop");
    writeFileSync(
      path.join(copy, "tsconfig.json"),
      '{ "compilerOptions": { "strict": true, }\n  "include": ["src"]\n}\n',
    );
    const result = await cli(["check"], copy);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "agentix check: tsconfig.json is not valid: tsconfig.json:2:3: ',' expected.\n",
    );
  });

  it("a broken agentix.config.json fails check (exit 1, reported in its format) and stops index (exit 2)", async () => {
    const copy = copyFixture("shop");
    writeFileSync(
      path.join(copy, "agentix.config.json"),
      '{ "features": { "directories": "src/features/*" } }\n',
    );
    const check = await cold(["check", "--format", "json"], copy);
    expect(check.code).toBe(1);
    const result = (await valid("cli-check.v1.schema.json", check.stdout)) as {
      problems: { rule: string; message: string; file: string }[];
    };
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ rule: "config", file: "agentix.config.json" });
    expect(result.problems[0]!.message).toContain("/features/directories must be array");
    const index = await cold(["index"], copy);
    expect(index.code).toBe(2);
    expect(index.stderr).toContain("/features/directories must be array");
  });
});

describe("agentix check", SLOW, () => {
  it("passes a clean project", async () => {
    const result = await warm(["check"], shop);
    expect(result).toEqual({
      code: 0,
      stdout: "no problems (3 features, 4 operations, 17 files checked)\n",
      stderr: "",
    });
  });

  it("fails with every problem in json, sarif and text", async () => {
    const [json, sarif, text] = await Promise.all([
      warm(["check", "--json"], broken),
      warm(["check", "--format", "sarif"], broken),
      warm(["check"], broken),
    ]);
    for (const result of [json, sarif, text]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toBe("");
    }
    const report = (await valid("cli-check.v1.schema.json", json.stdout)) as {
      ok: boolean;
      summary: { errors: number; warnings: number };
      problems: { rule: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.summary).toMatchObject({ errors: 17, warnings: 7 });
    expect(new Set(report.problems.map((p) => p.rule))).toEqual(
      new Set([
        "agentix/no-private-imports",
        "agentix/no-undeclared-dependencies",
        "agentix/no-ambient-capabilities",
        "agentix/no-query-writes",
        "duplicate-id",
        "feature-cycle",
        "feature-id-mismatch",
        "syntax-error",
        "unused-dependency",
        "missing-contract",
        "missing-descriptor",
        "unresolved/id",
        "unresolved/schema",
        "unresolved/dynamic-import",
      ]),
    );
    const log = JSON.parse(sarif.stdout) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          locations?: { physicalLocation: { artifactLocation: { uri: string } } }[];
        }[];
      }[];
    };
    expect(log.version).toBe("2.1.0");
    const [sarifRun] = log.runs;
    expect(sarifRun!.results).toHaveLength(24);
    for (const result of sarifRun!.results) {
      expect(sarifRun!.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
      expect(result.locations?.[0]?.physicalLocation.artifactLocation.uri).toMatch(/^src\//u);
    }
    expect(text.stdout).toContain("\n✖ 24 problems (17 errors, 7 warnings)\n");
    // Two syntax errors on one line, each at its column.
    expect(text.stdout).toMatch(/\n {2}2:14 +error +syntax error: Variable declaration expected/u);
    expect(text.stdout).toMatch(/\n {2}2:35 +error +syntax error: Expression expected/u);
    expect(text.stdout).toContain(
      "\n  3:49    error   Date.now() reads the clock ambiently in a domain file;",
    );
  });
});

describe("agentix inspect", SLOW, () => {
  it("shows an operation as text", async () => {
    const result = await warm(["inspect", "customers.register"], shop);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      [
        "customers.register (command) src/features/customers/operations.ts:4-19",
        "  Registers a new, active customer.",
        "  feature      customers (contract src/features/customers/contract.ts)",
        "  input        (inline)",
        "               { name: string; email?: string; }",
        "               callers pass: { readonly name: string; readonly email?: string; }",
        "  output       Customer (src/features/customers/contract.ts:4)",
        '               { id: string & Brand<"CustomerId">; name: string; status: "active" | "suspended"; email?: string; }',
        '               callers pass: { readonly id: string; readonly name: string; readonly status: "active" | "suspended"; readonly email?: string; }',
        "  errors       NAME_TAKEN: { name: string; }",
        "  permissions  customers:write",
        "  effects      nextId  ids.next              random   adapters: random-ids",
        "               save    customers.store.save  write    adapters: memory-customers",
        "  emits        registered -> customers.registered v1",
        "  invariants   (none)",
        "  tests        src/features/customers/customers.test.ts [call]",
        "  depends on   (none)",
        "  consumers    orders",
        "",
      ].join("\n"),
    );
  });

  it("keeps operation JSON within 8 KiB, listing what it summarised; --full shows everything", async () => {
    const wide = copyFixture("wide");
    const [limited, full, compact] = await Promise.all([
      warm(["inspect", "wide.operation", "--json"], wide),
      warm(["inspect", "wide.operation", "--json", "--full"], wide),
      warm(["inspect", "operation:wide.operation", "--json", "--compact"], wide),
    ]);
    expect(Buffer.byteLength(limited.stdout)).toBeLessThanOrEqual(8192);
    expect(Buffer.byteLength(compact.stdout)).toBeLessThanOrEqual(8192);
    const result = (await valid("cli-inspect.v1.schema.json", limited.stdout)) as {
      omitted: { path: string; total: number; shown: number }[];
      operation: { errors: unknown[] };
    };
    expect(result.omitted.map((o) => [o.path, o.total])).toEqual([
      ["schema", 42],
      ["/operation/errors", 40],
      ["/operation/effects", 30],
    ]);
    expect(result.operation.errors).toHaveLength(result.omitted[1]!.shown);
    const everything = (await valid("cli-inspect.v1.schema.json", full.stdout)) as {
      omitted: unknown[];
      operation: { errors: unknown[]; tests: unknown[]; input: { schema: object } };
    };
    expect(Buffer.byteLength(full.stdout)).toBeGreaterThan(8192);
    expect(everything.omitted).toEqual([]);
    expect(everything.operation.errors).toHaveLength(40);
    expect(everything.operation.tests).toHaveLength(12);
    expect(Object.keys(everything.operation.input.schema)).toEqual([
      "type",
      "properties",
      "required",
      "additionalProperties",
    ]);
    await valid("cli-inspect.v1.schema.json", compact.stdout);
  });

  it("shows a feature, and exits 2 for an unknown name with suggestions", async () => {
    const [feature, unknown] = await Promise.all([
      warm(["inspect", "orders", "--json"], shop),
      warm(["inspect", "orders.creat"], shop),
    ]);
    expect(feature.code).toBe(0);
    const result = (await valid("cli-inspect.v1.schema.json", feature.stdout)) as {
      feature: { dependencies: { declared: string[] }; operations: { id: string }[] };
    };
    expect(result.feature.dependencies.declared).toEqual(["customers", "payments"]);
    expect(result.feature.operations.map((o) => o.id)).toEqual(["orders.create", "orders.get"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toContain(
      'agentix inspect: no feature or operation "orders.creat"; did you mean orders.create?',
    );
  });
});

describe("agentix graph", SLOW, () => {
  it("prints the feature graph as text, json, dot and mermaid", async () => {
    const [text, json, dot, mermaid, feature, unknown] = await Promise.all([
      warm(["graph"], shop),
      warm(["graph", "--json"], shop),
      warm(["graph", "--format", "dot"], shop),
      warm(["graph", "--format", "mermaid"], shop),
      warm(["graph", "orders", "--format", "mermaid"], shop),
      warm(["graph", "nope"], shop),
    ]);
    expect(text).toEqual({
      code: 0,
      stdout: "customers\norders -> depends on: customers, payments\npayments\n",
      stderr: "",
    });
    const graph = (await valid("cli-graph.v1.schema.json", json.stdout)) as { edges: unknown[] };
    expect(graph.edges).toEqual([
      { from: "feature:orders", to: "feature:customers", kind: "depends-on", label: null },
      { from: "feature:orders", to: "feature:payments", kind: "depends-on", label: null },
    ]);
    expect(dot.stdout).toBe(
      [
        "digraph agentix {",
        "  rankdir=LR;",
        '  node [fontname="Helvetica"];',
        '  "feature:customers" [label="customers", shape=box];',
        '  "feature:orders" [label="orders", shape=box];',
        '  "feature:payments" [label="payments", shape=box];',
        '  "feature:orders" -> "feature:customers";',
        '  "feature:orders" -> "feature:payments";',
        "}",
        "",
      ].join("\n"),
    );
    expect(mermaid.stdout).toBe(
      'flowchart LR\n  n0["customers"]\n  n1["orders"]\n  n2["payments"]\n  n1 --> n0\n  n1 --> n2\n',
    );
    expect(feature.stdout).toContain("  n5 -->|effect: external| n12\n");
    expect(feature.stdout).toContain('(["orders.create (command)"])');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'agentix graph: no feature "nope" (features: customers, orders, payments)',
    );
  });
});
