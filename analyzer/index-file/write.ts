import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Where the index lives in a project. */
export const INDEX_DIRECTORY = ".agentix";
export const INDEX_FILE_NAME = "index.json";

export function indexPath(root: string): string {
  return path.join(root, INDEX_DIRECTORY, INDEX_FILE_NAME);
}

/**
 * Writes a file atomically: the bytes go to a temporary file in the same folder, are flushed
 * to disk, and the temporary file is renamed over the target. A reader sees the old file or
 * the new one, never a partial one; a crash leaves at most a `*.tmp-*` file behind.
 */
export function writeFileAtomic(file: string, content: string): void {
  const folder = path.dirname(file);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    // mkdir -p says EEXIST when a part of the path is a file: that is "not a directory".
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${folder}'`), {
      code: "ENOTDIR",
      syscall: "mkdir",
      path: folder,
    });
  }
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  let descriptor: number | undefined;
  try {
    descriptor = openSync(temporary, "wx");
    writeSync(descriptor, content);
    fsyncSync(descriptor);
    closeSync(descriptor);
    descriptor = undefined;
    renameSync(temporary, file);
  } catch (error) {
    if (descriptor !== undefined) closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
}
