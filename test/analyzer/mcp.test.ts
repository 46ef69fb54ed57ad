// `agentix mcp` driven as an agent's client drives it: the SDK's Client over stdio against the
// built bin, on a copy of the shop fixture. Every answer must equal what the CLI prints with
// --json --compact for the same files, including after an edit.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { BIN, copyFixture, recordingIO, removeCopies, REPO } from "../support/analyzer-fixtures.js";

let root: string;
let client: Client;
let transport: StdioClientTransport;
const clientErrors: unknown[] = [];
let serverLog = "";

const schema = (name: string) =>
  JSON.parse(readFileSync(path.join(REPO, "schema", name), "utf8")) as Record<string, unknown>;

/** What the CLI prints for the same question, in-process and cold. */
async function cli(args: readonly string[], json: readonly string[] = ["--json"]): Promise<string> {
  const recorded = recordingIO(root);
  await run([...args, ...json, "--compact"], recorded.io);
  return recorded.stdout().trim();
}

async function call(name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
    structuredContent?: Record<string, unknown>;
  };
}

beforeAll(async () => {
  root = copyFixture("shop");
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--root", root],
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  client = new Client({ name: "agentix-test", version: "1.0.0" });
  client.onerror = (error) => clientErrors.push(error);
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client.close();
  removeCopies();
});

describe("agentix mcp", () => {
  it("lists the six tools with the CLI's JSON schemas as output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "inspect",
      "affected",
      "tests",
      "check",
      "graph",
      "verify",
    ]);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ["inspect", "affected", "check", "graph"])
      expect(byName.get(name)?.outputSchema).toEqual(schema(`cli-${name}.v1.schema.json`));
    expect(byName.get("tests")?.outputSchema).toEqual(
      schema("cli-test-invocations.v1.schema.json"),
    );
    const verify = schema("cli-verify.v1.schema.json");
    expect(byName.get("verify")?.outputSchema).toEqual({
      ...verify,
      $defs: { "cli-affected.v1": schema("cli-affected.v1.schema.json") },
    });
    expect(byName.get("inspect")?.inputSchema).toEqual({
      type: "object",
      properties: {
        target: {
          type: "string",
          minLength: 1,
          description:
            "a feature id or an operation id (prefix feature: or operation: when both exist)",
        },
        full: { type: "boolean", description: "include JSON Schemas and never summarise" },
      },
      required: ["target"],
      additionalProperties: false,
    });
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ["inspect", true],
      ["affected", true],
      ["tests", true],
      ["check", true],
      ["graph", true],
      ["verify", false],
    ]);
  });

  it("answers each tool exactly as the CLI's --json --compact does", async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["inspect", { target: "customers.register" }, ["inspect", "customers.register"]],
      ["inspect", { target: "orders", full: true }, ["inspect", "orders", "--full"]],
      ["affected", { targets: ["customers.register"] }, ["affected", "customers.register"]],
      [
        "tests",
        { targets: ["customers.register"] },
        ["affected", "customers.register", "--format", "test-invocations"],
      ],
      ["check", {}, ["check"]],
      ["graph", { feature: "orders" }, ["graph", "orders"]],
      ["graph", {}, ["graph"]],
      [
        "verify",
        { targets: ["customers.register"], dryRun: true },
        ["verify", "customers.register", "--dry-run"],
      ],
      [
        "verify",
        { targets: ["customers.register"], dryRun: true, vitestOnly: true },
        ["verify", "customers.register", "--dry-run", "--vitest-only"],
      ],
    ];
    for (const [name, args, argv] of cases) {
      const result = await call(name, args);
      const expected = await cli(argv, argv.includes("--format") ? [] : ["--json"]);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBeFalsy();
      expect(result.content).toEqual([{ type: "text", text: expected }]);
      expect(result.structuredContent).toEqual(JSON.parse(expected));
    }
  }, 180_000);

  it("reflects an edit on disk in the next answer", async () => {
    const operations = path.join(root, "src/features/customers/operations.ts");
    writeFileSync(
      operations,
      readFileSync(operations, "utf8").replace('["customers:write"]', '["customers:admin"]'),
    );
    const result = await call("inspect", { target: "customers.register" });
    const operation = result.structuredContent?.["operation"] as { permissions: string[] };
    expect(operation.permissions).toEqual(["customers:admin"]);
    expect(result.content[0]?.text).toBe(await cli(["inspect", "customers.register"]));
  }, 60_000);

  it("turns malformed arguments and unknown names into tool errors, and keeps serving", async () => {
    const errors: [string, Record<string, unknown>, string][] = [
      ["inspect", { target: 5 }, "invalid arguments for inspect: /target must be string"],
      ["inspect", {}, 'invalid arguments for inspect: / must have the property "target"'],
      [
        "inspect",
        { target: "orders", depth: 2 },
        'invalid arguments for inspect: / must NOT have the unknown property "depth"',
      ],
      [
        "affected",
        { targets: "customers.register" },
        "invalid arguments for affected: /targets must be array",
      ],
      [
        "affected",
        {},
        "agentix affected: name a feature, an operation or a file, or give --since <git-ref>",
      ],
      [
        "affected",
        { targets: ["orders"], since: "HEAD" },
        "agentix affected: give targets or --since, not both",
      ],
      [
        "inspect",
        { target: "--full" },
        'agentix inspect: no feature or operation "--full" (features: customers, orders, payments)',
      ],
      [
        "deploy",
        {},
        'unknown tool "deploy" (tools: inspect, affected, tests, check, graph, verify)',
      ],
    ];
    for (const [name, args, message] of errors) {
      const result = await call(name, args);
      expect(result, `${name} ${JSON.stringify(args)}`).toEqual({
        isError: true,
        content: [{ type: "text", text: message }],
      });
    }
    expect((await call("check", {})).isError).toBeFalsy();
  });

  it("writes nothing but JSON-RPC on stdout and logs on stderr", () => {
    expect(clientErrors).toEqual([]);
    expect(serverLog).toContain(`agentix mcp: serving 6 tools on stdio for ${root}`);
    expect(serverLog).toMatch(/agentix mcp: inspect answered in \d+ ms/u);
  });

  // The SDK drops such a line with no reply; a client waiting on it learned nothing (helper-40).
  it("says on stderr that a line that is not JSON-RPC was dropped, and keeps serving", async () => {
    const child = spawn(process.execPath, [BIN, "mcp", "--root", root], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.write('not json\n{"jsonrpc":"1.0","id":1,"method":"ping"}\n');
    child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    child.stdin.end();
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(stderr).toContain("agentix mcp: a line that is not JSON was dropped, unanswered (");
    expect(stderr).toContain(
      "agentix mcp: a message that is not JSON-RPC 2.0 was dropped, unanswered (a batch, or a wrong `jsonrpc` or shape)",
    );
    expect(JSON.parse(stdout)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  // It started serving, logged as healthy, and answered every call with an error.
  it("refuses a project that is not there with exit 2, as every verb does", async () => {
    const missingRoot = recordingIO(root);
    expect(await run(["mcp", "--root", path.join(root, "nope")], missingRoot.io)).toBe(2);
    expect(missingRoot.stderr()).toBe("agentix mcp: nope: the project root does not exist\n");
    const missingProject = recordingIO(root);
    expect(await run(["mcp", "--project", "missing.json"], missingProject.io)).toBe(2);
    expect(missingProject.stderr()).toBe(
      "agentix mcp: missing.json: no such file (pass the project's tsconfig with --project <path>)\n",
    );
    // A workspace root has no tsconfig of its own: it said no more than "no such file".
    const workspace = mkdtempSync(path.join(tmpdir(), "agentix-mcp-workspace-"));
    mkdirSync(path.join(workspace, "packages/billing"), { recursive: true });
    writeFileSync(path.join(workspace, "package.json"), '{ "workspaces": ["packages/*"] }\n');
    writeFileSync(path.join(workspace, "packages/billing/tsconfig.json"), "{}\n");
    const atWorkspace = recordingIO(workspace);
    expect(await run(["mcp"], atWorkspace.io)).toBe(2);
    expect(atWorkspace.stderr()).toBe(
      "agentix mcp: tsconfig.json: no such file (pass the project's tsconfig with --project <path>; below it: packages/billing/tsconfig.json)\n",
    );
    rmSync(workspace, { recursive: true, force: true });
  });
});
