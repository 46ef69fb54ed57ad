import type { CliIO, ExitCode } from "../io.js";

/** One verb of the CLI. New verbs (affected, verify, scaffold) are added to the registry in main.ts. */
export interface Command {
  readonly name: string;
  /** One line for `agentix --help`. */
  readonly summary: string;
  /** The verb's `--help` text. */
  readonly usage: string;
  run(args: readonly string[], io: CliIO): ExitCode | Promise<ExitCode>;
}
