import { errnoText } from "../errors.js";
import type { HeapReading } from "./workspace/heap-budget.js";
import type { Analysis } from "../analyze.js";
import type { AgentixIndex } from "../index-file/types.js";
import type { ModelIndex } from "../index-file/model-index.js";

/** A project analysed once and kept current (the MCP server's warm session). */
export interface AnalysisSource {
  /** Absolute root and tsconfig of the project it analyses: verbs may ask for no other. */
  readonly root: string;
  readonly tsconfigFile: string;
  analysis(): Analysis;
  index(): AgentixIndex;
  /** The index without the verdict (violations, diagnostics), for verbs that read neither. */
  modelIndex(): ModelIndex;
}

/** Where a command writes: results to stdout, diagnostics (and progress) to stderr. */
export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal: progress lines are shown then. */
  readonly stderrIsTTY: boolean;
  readonly cwd: string;
  /** Where analysing verbs get the project's analysis; without it each run analyses afresh. */
  readonly analyses?: AnalysisSource;
  /** How much heap is in use and allowed (workspace/heap-budget.ts); the process's own without it. */
  readonly heap?: () => HeapReading;
}

/** The CLI's exit codes (README, "The analyzer and the index"); `exitCodeFor` in main.ts maps errors to them. */
export const EXIT = {
  ok: 0,
  checkFailed: 1,
  badInvocation: 2,
  internalError: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The process's own streams; `writeFailed` says whether stdout or stderr could not be written. */
export interface ProcessIO extends CliIO {
  readonly writeFailed: () => boolean;
}

export function processIO(): ProcessIO {
  let failed = false;
  const stderr = writerTo(process.stderr, () => {
    failed = true;
    process.exitCode = EXIT.badInvocation;
  });
  const stdout = writerTo(process.stdout, (error) => {
    // Said once, whatever the verb still tries to write.
    if (!failed)
      stderr(
        `agentix: cannot write to standard output: ${errnoText(error.code ?? String(error))}\n`,
      );
    failed = true;
    // The event can come after main.ts set the verb's code: the environment's problem wins.
    process.exitCode = EXIT.badInvocation;
  });
  return {
    stdout,
    stderr,
    stderrIsTTY: process.stderr.isTTY === true,
    cwd: process.cwd(),
    writeFailed: () => failed,
  };
}

/**
 * Writes to a stream until its reader goes away (`agentix check --json | head -c 200`): then the
 * rest is dropped and the verb ends with its own exit code, never an unhandled EPIPE. Any other
 * write error (ENOSPC on a full disk) drops the rest too, and goes to `failed`: the environment's
 * problem (exit 2), neither the verb's verdict nor an uncaught exception.
 */
function writerTo(
  stream: NodeJS.WriteStream,
  failed: (error: NodeJS.ErrnoException) => void,
): (text: string) => void {
  let closed = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code !== "EPIPE") failed(error);
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

/**
 * A one-line progress indicator on stderr, only when stderr is a terminal and the run takes
 * longer than a moment; the line is erased when done.
 */
export class Progress {
  private readonly start = Date.now();
  private shown = false;
  private last = 0;

  constructor(private readonly io: CliIO) {}

  update(phase: string, done: number, total: number): void {
    if (!this.io.stderrIsTTY) return;
    const now = Date.now();
    if (now - this.start < 400 || now - this.last < 100) return;
    this.last = now;
    this.shown = true;
    const count = total > 0 ? ` ${done}/${total}` : "";
    this.io.stderr(`\r\x1b[Kagentix: ${phase}${count}`);
  }

  done(): void {
    if (this.shown) this.io.stderr("\r\x1b[K");
    this.shown = false;
  }
}
