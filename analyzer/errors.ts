// Every error the analyzer throws on purpose, each with a code that says whose problem it is.
// The CLI turns codes into exit codes in one place (`exitCodeFor` in cli/main.ts); anything
// else that escapes a verb is a bug in agentix (exit code 3).
import { relative as pathRelative, sep as pathSep } from "node:path";
import type { ConfigProblem } from "../schema/load-config.js";

/** Why a project could not be loaded at all: the analysis cannot start. */
export type ProjectLoadErrorCode =
  "tsconfig-missing" | "tsconfig-invalid" | "tsconfig-empty" | "config-invalid" | "root-missing";

/** Why git could not tell what changed: an unknown ref, or git itself failed. */
export type ChangeSourceErrorCode = "not-a-commit" | "git-failed";

/** Why `agentix scaffold` refused. */
export type ScaffoldErrorCode = "invalid-feature-name" | "no-feature-location" | "feature-exists";

export type ErrorCode =
  | "usage"
  | ProjectLoadErrorCode
  | ChangeSourceErrorCode
  | ScaffoldErrorCode
  | "file-access"
  | "heap-limit"
  | "nesting-limit"
  | "invalid-index";

/** An error agentix raises on purpose, worded for a person; `code` says what kind it is. */
export abstract class AgentixError extends Error {
  abstract readonly code: ErrorCode;
}

/** A mistake in the command line: printed with the verb's usage hint. */
export class UsageError extends AgentixError {
  override readonly name = "UsageError";
  readonly code = "usage";
  constructor(
    message: string,
    readonly verb: string | undefined,
  ) {
    super(message);
  }
}

/**
 * A problem with the analysed project's inputs (tsconfig.json, agentix.config.json, the root
 * folder). The CLI prints the message, never a stack trace.
 */
export class ProjectLoadError extends AgentixError {
  override readonly name = "ProjectLoadError";
  constructor(
    readonly code: ProjectLoadErrorCode,
    message: string,
    /** Repository-relative (or, outside the root, absolute) path of the offending file. */
    readonly file: string | undefined,
    /** An invalid agentix.config.json's problems one by one, with their lines and columns. */
    readonly problems: readonly ConfigProblem[] = [],
  ) {
    super(message);
  }
}

/** git could not answer (not a repository, an unknown ref, ...): the message says which command. */
export class ChangeSourceError extends AgentixError {
  override readonly name = "ChangeSourceError";
  constructor(
    readonly code: ChangeSourceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Why scaffolding refused: a bad name, no place for features, or a folder that exists. */
export class ScaffoldError extends AgentixError {
  override readonly name = "ScaffoldError";
  constructor(
    readonly code: ScaffoldErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What an errno means for a path, in words (the code stays in the message for searching). */
const ERRNO_CAUSES: Readonly<Record<string, string>> = {
  EISDIR: "it is a directory",
  ENOTDIR: "a part of its path is a file, not a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOENT: "it does not exist",
  EEXIST: "it already exists",
  ENOSPC: "no space left on the device",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
};

/** The errno of a Node.js file-system error, if `error` is one. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return error instanceof Error && typeof code === "string" && /^E[A-Z]+$/u.test(code)
    ? code
    : undefined;
}

/** `EISDIR (it is a directory)`: an errno with its meaning. */
export function errnoText(code: string): string {
  const cause = ERRNO_CAUSES[code];
  return cause === undefined ? code : `${code} (${cause})`;
}

/**
 * The file system refused a read or write agentix needs (a folder where a file belongs, a
 * read-only disk, no permission): the user's environment, never a bug. Names the path and cause.
 */
export class FileAccessError extends AgentixError {
  override readonly name = "FileAccessError";
  readonly code = "file-access";
  constructor(
    /** What agentix tried: "read", "write", "open", "list", "remove", "create the folder". */
    readonly action: string,
    /** As the user sees it: relative to the working directory or the root. */
    readonly file: string,
    readonly errno: string,
  ) {
    super(`cannot ${action} ${file}: ${errnoText(errno)}`);
  }
}

/** `error` as a FileAccessError when it is a file-system error; anything else is rethrown. */
export function fileAccessError(error: unknown, action: string, file: string): FileAccessError {
  const errno = errnoOf(error);
  if (errno === undefined) throw error;
  return new FileAccessError(action, file, errno);
}

const SYSCALL_ACTIONS: Readonly<Record<string, string>> = {
  open: "open",
  read: "read",
  write: "write",
  rename: "write",
  mkdir: "create the folder",
  scandir: "list",
  opendir: "list",
  unlink: "remove",
  rmdir: "remove",
  rm: "remove",
  stat: "read",
  lstat: "read",
  realpath: "resolve",
};

/**
 * What the CLI reports for an error no verb turned into an AgentixError itself: a file-system
 * refusal naming a path (EISDIR, ENOTDIR, EACCES, EROFS...) is the environment's problem, with
 * the path shown relative to `cwd`; anything else stays as it is (a bug, exit 3).
 */
export function asFileAccessError(error: unknown, cwd: string): unknown {
  const errno = errnoOf(error);
  const { path: file, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (errno === undefined || typeof file !== "string" || error instanceof AgentixError)
    return error;
  const relative = pathRelative(cwd, file).split(pathSep).join("/");
  const shown = relative === "" ? "." : relative.startsWith("../../") ? file : relative;
  return new FileAccessError(SYSCALL_ACTIONS[syscall ?? ""] ?? "use", shown, errno);
}

/** An index that breaks its own schema: an analyzer bug, never the user's. */
export class InvalidIndexError extends AgentixError {
  override readonly name = "InvalidIndexError";
  readonly code = "invalid-index";
  constructor(readonly problems: readonly string[]) {
    super(
      `the index does not match schema/index.v2.schema.json:\n${problems
        .slice(0, 20)
        .map((p) => `  ${p}`)
        .join("\n")}`,
    );
  }
}

/**
 * A workspace whose projects need more memory than Node.js gives this process: said before V8
 * would abort with a fatal error and a native stack (TanStack Router's 412 projects, 4.3 GB).
 */
export class HeapLimitError extends AgentixError {
  override readonly name = "HeapLimitError";
  readonly code = "heap-limit";
}

/** What the stack overflow of a recursion through a syntax tree says (V8's RangeError). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack size/u.test(error.message);
}

/**
 * A file whose syntax nests deeper than the analysis can follow (a generated chain of thousands
 * of `+`): the input's limit, named, never an internal error.
 */
export class NestingLimitError extends AgentixError {
  override readonly name = "NestingLimitError";
  readonly code = "nesting-limit";
  /** The file, root-relative (the scan) or absolute (the parser); undefined when unknown. */
  constructor(readonly file: string | undefined) {
    super(
      `${file === undefined ? "a file" : file} nests its syntax deeper than agentix can follow (thousands of levels, such as a generated chain of \`+\`): split the expression, or leave the file out of the tsconfig`,
    );
  }
}
