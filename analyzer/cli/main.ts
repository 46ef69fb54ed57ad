#!/usr/bin/env node
// The `agentix` command line: index, check, inspect, graph. Results go to stdout, diagnostics
// to stderr; exit codes 0 ok, 1 check failed, 2 bad invocation, 3 internal error.
import { pathToFileURL } from "node:url";
import { realpathSync } from "node:fs";
import { ProjectLoadError } from "../project/errors.js";
import { InvalidIndexError } from "../index-file/validate.js";
import { ANALYZER_VERSION } from "../version.js";
import { affectedCommand } from "./commands/affected.js";
import { verifyCommand } from "./commands/verify.js";
import { scaffoldCommand } from "./commands/scaffold.js";
import { checkCommand } from "./commands/check.js";
import type { Command } from "./commands/command.js";
import { graphCommand } from "./commands/graph.js";
import { indexCommand } from "./commands/index-command.js";
import { inspectCommand } from "./commands/inspect.js";
import { EXIT, UsageError, processIO, type CliIO, type ExitCode } from "./io.js";

/** The verbs, in the order `agentix --help` lists them. */
export const COMMANDS: readonly Command[] = [indexCommand, checkCommand, inspectCommand, graphCommand, affectedCommand, verifyCommand, scaffoldCommand];

function mainUsage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `Usage: agentix <command> [options]

Commands:
${commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

Every command takes --project <tsconfig> and --root <dir>, and --help.
Run \`agentix <command> --help\` for its options. agentix ${ANALYZER_VERSION}
`;
}

/** Runs one command line; returns the exit code (never throws). */
export async function run(argv: readonly string[], io: CliIO, commands: readonly Command[] = COMMANDS): Promise<ExitCode> {
  const [verb, ...args] = argv;
  if (verb === undefined || verb === "--help" || verb === "-h" || verb === "help") {
    (verb === undefined ? io.stderr : io.stdout)(mainUsage(commands));
    return verb === undefined ? EXIT.badInvocation : EXIT.ok;
  }
  if (verb === "--version" || verb === "-v") {
    io.stdout(`${ANALYZER_VERSION}\n`);
    return EXIT.ok;
  }
  const command = commands.find((candidate) => candidate.name === verb);
  if (!command) {
    io.stderr(`agentix: unknown command "${verb}"\n\n${mainUsage(commands)}`);
    return EXIT.badInvocation;
  }
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${command.usage}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`agentix ${error.verb ?? verb}: ${error.message}\nrun \`agentix ${error.verb ?? verb} --help\` for usage\n`);
      return EXIT.badInvocation;
    }
    if (error instanceof ProjectLoadError) {
      io.stderr(`agentix ${verb}: ${error.message}\n`);
      return EXIT.badInvocation;
    }
    const message = error instanceof Error ? error.message : String(error);
    const kind = error instanceof InvalidIndexError ? "the analyzer produced an invalid index" : "internal error";
    io.stderr(`agentix ${verb}: ${kind}: ${message}\nThis is a bug in agentix; please report it${process.env["AGENTIX_DEBUG"] ? "" : " (AGENTIX_DEBUG=1 shows the stack trace)"}.\n`);
    if (process.env["AGENTIX_DEBUG"] && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
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
  const code = await run(process.argv.slice(2), io);
  process.exitCode = code;
}
