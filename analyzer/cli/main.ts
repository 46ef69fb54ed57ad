#!/usr/bin/env node
// The `agentix` command line: index, check, inspect, graph. Results go to stdout, diagnostics
// to stderr; exit codes 0 ok, 1 check failed, 2 bad invocation, 3 internal error.
import { pathToFileURL } from "node:url";
import { realpathSync } from "node:fs";
import { ProjectLoadError } from "../project/errors.js";
import { InvalidIndexError } from "../index-file/validate.js";
import { ANALYZER_VERSION } from "../version.js";
import type { Command } from "./commands/command.js";
import { EXIT, UsageError, processIO, type CliIO, type ExitCode } from "./io.js";

/** A verb whose module is loaded only when it runs (a run loads one verb's code, not all). */
export interface LazyCommand {
  readonly name: string;
  readonly summary: string;
  /** Whether the verb analyses the project (loads ts-morph and the shared rule logic). */
  readonly analyzes: boolean;
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
    summary: "architecture violations, unresolved metadata, config errors",
    load: async () => (await import("./commands/check.js")).checkCommand,
  },
  {
    name: "inspect",
    analyzes: true,
    summary: "a feature or an operation: contract, effects, consumers, tests",
    load: async () => (await import("./commands/inspect.js")).inspectCommand,
  },
  {
    name: "graph",
    analyzes: true,
    summary: "feature dependencies and consumers (text, json, dot, mermaid)",
    load: async () => (await import("./commands/graph.js")).graphCommand,
  },
  {
    name: "affected",
    analyzes: true,
    summary: "what a change can affect, down to the tests to run, with a reason per edge",
    load: async () => (await import("./commands/affected.js")).affectedCommand,
  },
  {
    name: "verify",
    analyzes: true,
    summary: "typecheck, lint, index check and only the tests proven needed",
    load: async () => (await import("./commands/verify.js")).verifyCommand,
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
  try {
    if (options.shareTypeScript && "load" in entry && entry.analyzes)
      (await import("../project/share-typescript.js")).shareTypeScript();
    const command = "load" in entry ? await entry.load() : entry;
    if (args.includes("--help") || args.includes("-h")) {
      io.stdout(`${command.usage}\n`);
      return EXIT.ok;
    }
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `agentix ${error.verb ?? verb}: ${error.message}\nrun \`agentix ${error.verb ?? verb} --help\` for usage\n`,
      );
      return EXIT.badInvocation;
    }
    if (error instanceof ProjectLoadError) {
      io.stderr(`agentix ${verb}: ${error.message}\n`);
      return EXIT.badInvocation;
    }
    const message = error instanceof Error ? error.message : String(error);
    const kind =
      error instanceof InvalidIndexError
        ? "the analyzer produced an invalid index"
        : "internal error";
    io.stderr(
      `agentix ${verb}: ${kind}: ${message}\nThis is a bug in agentix; please report it${process.env["AGENTIX_DEBUG"] ? "" : " (AGENTIX_DEBUG=1 shows the stack trace)"}.\n`,
    );
    if (process.env["AGENTIX_DEBUG"] && error instanceof Error && error.stack)
      io.stderr(`${error.stack}\n`);
    return EXIT.internalError;
  }
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
  process.exitCode = code;
}
