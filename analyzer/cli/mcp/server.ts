// The MCP server behind `agentix mcp`: the tools of tools.ts over one warm AnalysisSession. Each
// call runs the CLI verb in-process (cli/main.ts `run`, handed in as `runVerb`) with the session
// as its analysis, so an answer is what `agentix <verb> --json --compact` prints for the same files.
// The SDK's low-level Server is used because the tools' schemas are JSON Schemas already (the
// published ones), not zod shapes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ValidateFunction } from "ajv";
import { createAjv, describeAjvErrors } from "../../../schema/ajv.js";
import { EXIT, type AnalysisSource, type CliIO, type ExitCode } from "../io.js";
import { ANALYZER_VERSION } from "../../version.js";
import { TOOLS, type AgentixTool } from "./tools.js";

/** Runs a CLI command line in-process (cli/main.ts `run`): the exit code, output through `io`. */
export type RunVerb = (argv: readonly string[], io: CliIO) => Promise<ExitCode>;

export interface McpServerOptions {
  /** The warm analysis every tool answers from. */
  readonly source: AnalysisSource;
  readonly runVerb: RunVerb;
  /** Where the server logs (stderr: stdout carries nothing but JSON-RPC). */
  readonly log: (line: string) => void;
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/** Runs one tool call as its CLI verb; usage and project problems come back as tool errors. */
export async function callTool(
  tool: AgentixTool,
  args: Readonly<Record<string, unknown>>,
  source: AnalysisSource,
  runVerb: RunVerb,
): Promise<CallToolResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTTY: false,
    cwd: source.root,
    analyses: source,
  };
  const [verb, ...rest] = tool.argv(args);
  const common = [
    ...(tool.format === undefined ? ["--json"] : []),
    "--compact",
    "--root",
    source.root,
    "--project",
    source.tsconfigFile,
  ];
  const code = await runVerb([verb!, ...common, ...rest], io);
  if (code === EXIT.badInvocation || code === EXIT.internalError) {
    // The CLI's "run `agentix <verb> --help`" hint names a command line the agent never typed.
    const message = stderr.replace(/^run `agentix [a-z]+ --help` for usage\n?/mu, "").trim();
    return toolError(message || `agentix ${verb}: exit code ${code}`);
  }
  const text = stdout.trim();
  return {
    content: [{ type: "text", text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
  };
}

/** The server, not yet connected to a transport. */
export function createMcpServer({ source, runVerb, log }: McpServerOptions): Server {
  const server = new Server(
    { name: "agentix", version: ANALYZER_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "agentix answers from a warm analysis of the project: inspect for where a contract is and what an operation may read, change, emit or call; affected for what a change can reach; tests for the command lines that run the tests it selects; verify for the narrowest safe check.",
    },
  );
  const ajv = createAjv();
  const validators = new Map<string, ValidateFunction>(
    TOOLS.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]),
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: "object" },
      outputSchema: tool.outputSchema as { type: "object" },
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool)
      return toolError(
        `unknown tool "${request.params.name}" (tools: ${TOOLS.map((t) => t.name).join(", ")})`,
      );
    const args = request.params.arguments ?? {};
    const validate = validators.get(tool.name)!;
    if (!validate(args))
      return toolError(
        `invalid arguments for ${tool.name}: ${describeAjvErrors(validate.errors).join("; ")}`,
      );
    const started = performance.now();
    const result = await callTool(tool, args, source, runVerb);
    log(
      `agentix mcp: ${tool.name} ${result.isError ? "failed" : "answered"} in ${Math.round(performance.now() - started)} ms`,
    );
    return result;
  });
  return server;
}
