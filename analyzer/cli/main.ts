#!/usr/bin/env node
// The `agentix` command line: one verb per run (COMMANDS below lists them, as `agentix --help`
// does). Results go to stdout, diagnostics to stderr; exit codes 0 ok, 1 check failed, 2 bad
// invocation, 3 internal error. Verbs return their verdict (0 or 1) and throw everything else:
// `exitCodeFor` is the one place an error becomes an exit code.
import { pathToFileURL } from "node:url";
import { realpathSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import {
  AgentixError,
  NestingLimitError,
  ProjectLoadError,
  UsageError,
  asFileAccessError,
  isStackOverflow,
  type ErrorCode,
} from "../errors.js";
import { ANALYZER_VERSION } from "../version.js";
import {
  ANALYZER_TOOLCHAIN,
  MCP_TOOLCHAIN,
  missingToolchain,
  missingToolchainMessage,
  type ToolchainPackage,
} from "../../schema/toolchain.js";
import { runBeforeAnalysis } from "./before-analysis.js";
import type { Command } from "./commands/command.js";
import { EXIT, processIO, type CliIO, type ExitCode } from "./io.js";

/** A verb whose module is loaded only when it runs (a run loads one verb's code, not all). */
export interface LazyCommand {
  readonly name: string;
  readonly summary: string;
  /** Whether the verb analyses the project (loads ts-morph and the shared rule logic). */
  readonly analyzes: boolean;
  /** The optional peers it loads, checked before it runs (default: the analyzer's toolchain). */
  readonly needs?: readonly ToolchainPackage[];
  /** It may answer from a fresh index (cli/answer-index.ts) and analyse only when it is not. */
  readonly answersFromIndex?: boolean;
  load(): Promise<Command>;
}

export interface RunOptions {
  /**
   * Before loading a verb that analyses, make `typescript` resolve to ts-morph's TypeScript in
   * this process (analyzer/project/share-typescript.ts). Only the bin sets it: the process is its own.
   */
  readonly shareTypeScript?: boolean;
}

/** The verbs, in the order `agentix --help` lists them; `summary` is each command's own (tested). */
export const COMMANDS: readonly LazyCommand[] = [
  {
    name: "index",
    analyzes: true,
    summary: "write .agentix/index.json; --check fails if the committed one is stale",
    load: async () => (await import("./commands/index-command.js")).indexCommand,
  },
  {
    name: "check",
    analyzes: true,
    answersFromIndex: true,
    summary: "architecture violations, unresolved metadata, config errors",
    load: async () => (await import("./commands/check.js")).checkCommand,
  },
  {
    name: "inspect",
    analyzes: true,
    answersFromIndex: true,
    summary: "a feature or an operation: contract, effects, consumers, tests",
    load: async () => (await import("./commands/inspect.js")).inspectCommand,
  },
  {
    name: "graph",
    analyzes: true,
    answersFromIndex: true,
    summary: "feature dependencies and consumers (text, json, dot, mermaid)",
    load: async () => (await import("./commands/graph.js")).graphCommand,
  },
  {
    name: "affected",
    analyzes: true,
    answersFromIndex: true,
    summary: "what a change can affect, down to the tests to run, with a reason per edge",
    load: async () => (await import("./commands/affected.js")).affectedCommand,
  },
  {
    name: "verify",
    analyzes: true,
    answersFromIndex: true,
    summary: "typecheck, lint, regenerate the index and only the tests proven needed",
    load: async () => (await import("./commands/verify.js")).verifyCommand,
  },
  {
    name: "mcp",
    analyzes: true,
    needs: MCP_TOOLCHAIN,
    summary: "a Model Context Protocol server on stdio, answering from a warm analysis",
    load: async () =>
      (await import("./commands/mcp.js")).mcpCommand((argv, io) => run(argv, io, COMMANDS)),
  },
  {
    name: "init",
    analyzes: false,
    summary: "write the agent skill and an AGENTS.md section; never overwrites",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  {
    name: "scaffold",
    analyzes: false,
    summary: "create a feature capsule from the public template; never overwrites",
    load: async () => (await import("./commands/scaffold.js")).scaffoldCommand,
  },
];

function mainUsage(commands: readonly (Command | LazyCommand)[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `Usage: agentix <command> [options]

Commands:
${commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

Every command takes --project <tsconfig> and --root <dir>, and --help.
Run \`agentix <command> --help\` for its options. agentix ${ANALYZER_VERSION}
`;
}

/** Runs one command line; returns the exit code (never throws). */
export async function run(
  argv: readonly string[],
  io: CliIO,
  commands: readonly (Command | LazyCommand)[] = COMMANDS,
  options: RunOptions = {},
): Promise<ExitCode> {
  const [verb, ...args] = argv;
  if (verb === undefined || verb === "--help" || verb === "-h" || verb === "help") {
    (verb === undefined ? io.stderr : io.stdout)(mainUsage(commands));
    return verb === undefined ? EXIT.badInvocation : EXIT.ok;
  }
  if (verb === "--version" || verb === "-v") {
    io.stdout(`${ANALYZER_VERSION}\n`);
    return EXIT.ok;
  }
  const entry = commands.find((candidate) => candidate.name === verb);
  if (!entry) {
    io.stderr(`agentix: unknown command "${verb}"\n\n${mainUsage(commands)}`);
    return EXIT.badInvocation;
  }
  // Every verb loads the analyzer, whose toolchain a production install leaves out.
  const missing = "load" in entry ? missingToolchain(entry.needs ?? ANALYZER_TOOLCHAIN) : [];
  const help = args.includes("--help") || args.includes("-h");
  // Help is there whatever is installed: without the toolchain, the verb's summary and what it needs.
  if (missing.length > 0 && help) {
    io.stdout(
      `agentix ${verb}: ${entry.summary}

${missingToolchainMessage(`agentix ${verb}`, missing)}
`,
    );
    return EXIT.ok;
  }
  if (missing.length > 0) {
    io.stderr(`${missingToolchainMessage(`agentix ${verb}`, missing)}\n`);
    return EXIT.badInvocation;
  }
  try {
    if (options.shareTypeScript && "load" in entry && entry.analyzes) {
      const share = async () => (await import("../project/share-typescript.js")).shareTypeScript();
      if (entry.answersFromIndex) runBeforeAnalysis(async () => void (await share()));
      else await share();
    }
    const command = "load" in entry ? await entry.load() : entry;
    if (help) {
      io.stdout(`${command.usage}\n`);
      return EXIT.ok;
    }
    return await command.run(args, io);
  } catch (thrown) {
    const error = asUserError(thrown, io.cwd);
    io.stderr(errorText(verb, error));
    return exitCodeFor(error);
  } finally {
    runBeforeAnalysis(undefined);
  }
}

/** The exit code of every error agentix raises on purpose. */
const EXIT_CODES: Readonly<Record<ErrorCode, ExitCode>> = {
  usage: EXIT.badInvocation,
  "tsconfig-missing": EXIT.badInvocation,
  "tsconfig-invalid": EXIT.badInvocation,
  "tsconfig-empty": EXIT.badInvocation,
  "config-invalid": EXIT.badInvocation,
  "root-missing": EXIT.badInvocation,
  "not-a-commit": EXIT.badInvocation,
  "git-failed": EXIT.badInvocation,
  "invalid-feature-name": EXIT.badInvocation,
  "no-feature-location": EXIT.badInvocation,
  "feature-exists": EXIT.checkFailed,
  "file-access": EXIT.badInvocation,
  "heap-limit": EXIT.badInvocation,
  "nesting-limit": EXIT.badInvocation,
  "invalid-index": EXIT.internalError,
};

/** Errors about what the command line asked for: `--help` can help, and says so. */
const COMMAND_LINE_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "usage",
  "not-a-commit",
  "invalid-feature-name",
  "no-feature-location",
]);

/**
 * The user's or the environment's problems that reach the CLI as other errors: an invalid
 * agentix.config.json read by shared code, a file-system refusal. Anything else stays a bug.
 */
function asUserError(error: unknown, cwd: string): unknown {
  // schema/load-config.ts's AgentixConfigError, known by name: importing it here would load Ajv
  // into every run, even `agentix --help`.
  if (error instanceof Error && error.name === "AgentixConfigError")
    return new ProjectLoadError(
      "config-invalid",
      error.message,
      (error as { file?: string }).file,
      (error as { problems?: ProjectLoadError["problems"] }).problems,
    );
  // schema/read-project-file.ts's ProjectFileError, known by name too: a project file that
  // cannot be read, or that agentix will not read (a FIFO, a link to /dev/zero), is the user's.
  if (error instanceof Error && error.name === "ProjectFileError")
    return new ProjectLoadError("config-invalid", error.message, (error as { file?: string }).file);
  // A stack overflow past the scan (which names its file): some file nests too deep.
  if (isStackOverflow(error)) return new NestingLimitError(undefined);
  // The parser names the file by its absolute path: shown from the working directory.
  if (error instanceof NestingLimitError && error.file !== undefined && path.isAbsolute(error.file))
    return new NestingLimitError(toPosix(path.relative(cwd, error.file)) || error.file);
  return asFileAccessError(error, cwd);
}

/** 2 for the user's or the environment's problems, 1 for a refusal, 3 for agentix's own bugs. */
export function exitCodeFor(error: unknown): ExitCode {
  return error instanceof AgentixError ? EXIT_CODES[error.code] : EXIT.internalError;
}

function errorText(verb: string, error: unknown): string {
  const debug = Boolean(process.env["AGENTIX_DEBUG"]);
  if (exitCodeFor(error) !== EXIT.internalError && error instanceof AgentixError) {
    const named = error instanceof UsageError ? (error.verb ?? verb) : verb;
    const hint = COMMAND_LINE_ERRORS.has(error.code)
      ? `run \`agentix ${named} --help\` for usage\n`
      : "";
    return `agentix ${named}: ${error.message}\n${hint}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const kind =
    error instanceof AgentixError && error.code === "invalid-index"
      ? "the analyzer produced an invalid index"
      : "internal error";
  const stack = debug && error instanceof Error && error.stack ? `${error.stack}\n` : "";
  return `agentix ${verb}: ${kind}: ${message}\nThis is a bug in agentix; please report it${debug ? "" : " (AGENTIX_DEBUG=1 shows the stack trace)"}.\n${stack}`;
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const io = processIO();
  const code = await run(process.argv.slice(2), io, COMMANDS, { shareTypeScript: true });
  // Output that could not be written (a full disk) is exit 2 whatever the verb found (io.ts).
  process.exitCode = io.writeFailed() ? EXIT.badInvocation : code;
}
