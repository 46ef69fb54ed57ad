// agentix mcp: a Model Context Protocol server on stdio (cli/mcp/), answering from one warm
// analysis of the project that is refreshed from disk before each answer.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { existsSync } from "node:fs";
import { assertRoot, resolveProjectPaths } from "../../project/load-project.js";
import { missingTsconfig } from "../../project/tsconfig.js";
import { parseVerbArgs } from "../args.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { createMcpServer, type RunVerb } from "../mcp/server.js";
import { TOOLS } from "../mcp/tools.js";
import { projectOptions } from "../project.js";
import { warmSource } from "../warm-source.js";
import type { Command } from "./command.js";

const SUMMARY = "a Model Context Protocol server on stdio, answering from a warm analysis";

/** The verb; `runVerb` runs the other verbs in-process (cli/main.ts hands in its `run`). */
export function mcpCommand(runVerb: RunVerb): Command {
  return {
    name: "mcp",
    summary: SUMMARY,
    usage: `Usage: agentix mcp [--project <tsconfig>] [--root <dir>]

Serves the Model Context Protocol on stdin/stdout (JSON-RPC only; logs go to stderr) for
coding agents. Tools: ${TOOLS.map((tool) => tool.name).join(", ")}; each returns the JSON of
\`agentix <tool> --json --compact\` (same schema, in schema/), with arguments checked first.
The analysis is kept in memory: before each answer only what changed on disk is read again
(a changed tsconfig, agentix.config.json, package.json or lockfile reloads everything).

Options:
  -p, --project <path> the tsconfig.json to analyse, or its folder (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 when the client closes the connection, 2 bad invocation.`,
    async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
      const { values } = parseVerbArgs("mcp", args, {}, 0);
      const options = projectOptions(values);
      const { root, tsconfigFile } = resolveProjectPaths(options, io.cwd);
      // A server that starts on a project that is not there looks healthy to its client, and
      // answers every call with an error: said here, as every verb says it, with exit 2.
      if (options.tsconfig === undefined || existsSync(tsconfigFile)) assertRoot(root, io.cwd);
      // At a workspace root too: the server answers for one project, named by --project.
      if (!existsSync(tsconfigFile)) throw missingTsconfig(tsconfigFile, io.cwd);
      const source = warmSource(root, tsconfigFile, io.cwd);
      const log = (line: string) => io.stderr(`${line}\n`);
      const server = createMcpServer({ source, runVerb, log });
      server.oninitialized = () => {
        // Warm up while the agent reads the tool list; a problem is reported at the first call.
        setTimeout(() => {
          try {
            source.analysis();
            log(`agentix mcp: analysed ${root}`);
          } catch {
            // the tool calls report it
          }
        }, 0);
      };
      // A line that is not JSON, or not JSON-RPC 2.0, is dropped by the SDK with no reply: say
      // so, or a client waiting on it would wait with nothing said anywhere.
      server.onerror = (error) => log(`agentix mcp: ${droppedMessage(error)}`);
      const closed = new Promise<void>((resolve) => {
        server.onclose = resolve;
        process.stdin.once("end", () => void server.close());
      });
      await server.connect(new StdioServerTransport());
      log(`agentix mcp: serving ${TOOLS.length} tools on stdio for ${root}`);
      await closed;
      return EXIT.ok;
    },
  };
}

/** What the server says on stderr of an error its transport or protocol reports. */
function droppedMessage(error: Error): string {
  if (error instanceof SyntaxError)
    return `a line that is not JSON was dropped, unanswered (${error.message})`;
  if (error.name === "ZodError")
    return "a message that is not JSON-RPC 2.0 was dropped, unanswered (a batch, or a wrong `jsonrpc` or shape)";
  return error.message;
}
