import type { CliIO, ExitCode } from "../io.js";

/**
 * One verb of the CLI. It returns its verdict (0, or 1 when what it checks failed) and throws
 * everything else (analyzer/errors.ts). A new verb is a module of commands/ exporting one, listed
 * in COMMANDS in cli/main.ts.
 */
export interface Command {
  readonly name: string;
  /** One line for `agentix --help`. */
  readonly summary: string;
  /** The verb's `--help` text. */
  readonly usage: string;
  run(args: readonly string[], io: CliIO): ExitCode | Promise<ExitCode>;
}
