// Reading a file the analysed project owns (package.json, tsconfig.json, agentix.config.json, the
// caches in .agentix): only a regular file of a sane size. A symlink to /dev/zero, a FIFO or a device would otherwise
// never end (or end the process: Node's readFileSync of /dev/zero aborts with std::bad_alloc),
// and a directory reads as EISDIR. One place for every reader, so each refuses the same way.
import { readFileSync, statSync, type BigIntStats, type Stats } from "node:fs";
import { findJsonSyntaxProblem } from "./json-position.js";

/** The largest project file read, in bytes: far over any real manifest or tsconfig. */
export const PROJECT_FILE_LIMIT = 16 * 1024 * 1024;

/**
 * The largest index or cache file read (.agentix/*.json), in bytes: an index takes about 4 KB a
 * source file (the orders example's), so it outgrows PROJECT_FILE_LIMIT at a few thousand files;
 * this one is some 60,000, and half the longest string V8 makes.
 */
export const INDEX_FILE_LIMIT = 256 * 1024 * 1024;

/** Why a project file cannot be read or parsed; the message names the file as it was shown. */
export class ProjectFileError extends Error {
  override readonly name = "ProjectFileError";
  constructor(
    readonly file: string,
    /** What is wrong, without the file: `it is a FIFO, not a regular file`. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }

  /**
   * Whether agentix refused the file unread (a FIFO, a device, too large), rather than the
   * system failing to read it (`reason` an errno: ENOENT, EISDIR, EACCES).
   */
  get refused(): boolean {
    return !/^E[A-Z]+$/u.test(this.reason);
  }
}

/** `a FIFO`: what a file that is neither a regular file nor a directory is, in words. */
function kindOf(stats: Stats | BigIntStats): string {
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "something else";
}

/**
 * Why `stats` (of a file that exists) must not be read, or undefined when it may be: it is a
 * FIFO, a device or a socket, or it is larger than `limit`. A directory is left to the read,
 * which fails at once with EISDIR (the cause every reader already names).
 */
export function refusalOf(
  stats: Stats | BigIntStats,
  limit: number = PROJECT_FILE_LIMIT,
): string | undefined {
  if (!stats.isFile() && !stats.isDirectory()) return `it is ${kindOf(stats)}, not a regular file`;
  const size = Number(stats.size);
  if (size > limit)
    return `it is ${megabytes(size)} MB, over the ${megabytes(limit)} MB a project file may have`;
  return undefined;
}

function megabytes(bytes: number): string {
  return String(Math.ceil(bytes / (1024 * 1024)));
}

/**
 * The bytes of a project file as they are (a byte order mark included: a cache's digest is of its
 * bytes). Throws ProjectFileError (`<shown> cannot be read: <reason>`) for a file that is
 * missing, unreadable, not a regular file or larger than `limit`.
 */
export function readProjectBytes(
  file: string,
  shown: string = file,
  limit: number = PROJECT_FILE_LIMIT,
): Buffer {
  try {
    // A bigint stat: a plain one of a FIFO or a socket leaves fs.realpathSync, which reads the
    // plain stat's buffer, no longer following symbolic links, and a module the verb imports next
    // loads a second time through node_modules' link, half initialised (nodejs/node#51142).
    const refusal = refusalOf(statSync(file, { bigint: true }), limit);
    if (refusal !== undefined) throw new ProjectFileError(file, refusal, "");
    return readFileSync(file);
  } catch (error) {
    const reason =
      error instanceof ProjectFileError
        ? error.reason
        : ((error as NodeJS.ErrnoException).code ?? String(error));
    throw new ProjectFileError(file, reason, `${shown} cannot be read: ${reason}`);
  }
}

/**
 * The UTF-8 text of a project file, without a byte order mark. Throws ProjectFileError
 * (`<shown> cannot be read: <reason>`) for a file that is missing, unreadable, not a regular
 * file or too large.
 */
export function readProjectFile(file: string, shown: string = file): string {
  const text = readProjectBytes(file, shown).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A project file's JSON (read as readProjectFile reads it: a byte order mark is not part of it,
 * as npm and Vitest take it). Throws ProjectFileError for a file that cannot be read, or is not
 * JSON: `<shown> is not valid JSON: line 1, column 3: unexpected "n"`.
 */
export function readProjectJson(file: string, shown: string = file): unknown {
  const text = readProjectFile(file, shown);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const { line, column, reason } = findJsonSyntaxProblem(text);
    const where = `line ${line}, column ${column}: ${reason}`;
    throw new ProjectFileError(
      file,
      `not valid JSON (${where})`,
      `${shown} is not valid JSON: ${where}`,
    );
  }
}
