// What a file looked like when it was last read: size, mtime and ctime for a cheap stat pass
// (ctime too: `cp -p`, `rsync -a` and `touch -r` set an mtime back, never a ctime), the hash
// of its text to tell a real change from a touch. No ts-morph here: the fresh-index check and the
// warm MCP session both run it before anything heavy loads.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";

export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  /** sha256 of the text as TypeScript reads it (UTF-8, without a byte order mark), hex. */
  readonly sha256: string;
}

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The text TypeScript sees: a leading byte order mark is not part of it. */
export function textOf(file: string): string {
  const text = readFileSync(file, "utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * How long after a write its mtime may still be unreliable: older file systems keep times to the
 * second or two (FAT: 2 s), so a write in the same tick as a read can leave the mtime unmoved.
 */
export const RACY_MS = 2_000;

/** A stamp for text already in memory whose size and mtime are not known: the next restamp reads. */
export function stampOfText(text: string): FileStamp {
  return { size: -1, mtimeMs: -1, ctimeMs: -1, sha256: sha256(text) };
}

/**
 * A stamp for `text`, read from `file` at or after `readSince` (ms): its size and mtime when the
 * file was last written before then (by more than RACY_MS, as git trusts racily clean files), so
 * the next stat pass need not read it; else stampOfText's.
 */
export function stampOfRead(file: string, text: string, readSince: number): FileStamp {
  try {
    const stat = statSync(file);
    if (stat.isFile() && Math.max(stat.mtimeMs, stat.ctimeMs) < readSince - RACY_MS)
      return {
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        ctimeMs: stat.ctimeMs,
        sha256: sha256(text),
      };
  } catch {
    // Gone or unreadable: the next stat pass finds out.
  }
  return stampOfText(text);
}

export interface StampedText {
  readonly stamp: FileStamp;
  readonly text: string;
}

/**
 * Stats, then reads the file: the stamp's size and mtime are never newer than its text, so a
 * write racing the read shows up as a change on the next pass. Undefined: missing or unreadable.
 */
export function readStamped(file: string): StampedText | undefined {
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return undefined;
    const text = textOf(file);
    const stamp = {
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      ctimeMs: stat.ctimeMs,
      sha256: sha256(text),
    };
    return { stamp, text };
  } catch {
    return undefined;
  }
}

/** What a stat pass found for a file stamped before. */
export type Restamp =
  | { readonly status: "same"; readonly stamp: FileStamp }
  | { readonly status: "changed"; readonly stamp: FileStamp; readonly text: string }
  | { readonly status: "missing" };

/**
 * Compares the file with its stamp, reading it only when size, mtime or ctime moved; a touch that
 * keeps the text is "same" with the new stamp.
 */
export function restamp(file: string, before: FileStamp): Restamp {
  try {
    const stat = statSync(file);
    if (
      stat.isFile() &&
      stat.size === before.size &&
      stat.mtimeMs === before.mtimeMs &&
      stat.ctimeMs === before.ctimeMs
    )
      return { status: "same", stamp: before };
  } catch {
    return { status: "missing" };
  }
  const now = readStamped(file);
  if (now === undefined) return { status: "missing" };
  return now.stamp.sha256 === before.sha256
    ? { status: "same", stamp: now.stamp }
    : { status: "changed", ...now };
}

/**
 * Whether any of the stamped files changed, was created (stamped undefined: it did not exist) or
 * went missing; the stamps of touched but equal files are renewed in place.
 */
export function stampsChanged(stamps: Map<string, FileStamp | undefined>): boolean {
  for (const [file, before] of stamps) {
    if (before === undefined) {
      if (readStamped(file) !== undefined) return true;
      continue;
    }
    const now = restamp(file, before);
    if (now.status !== "same") return true;
    stamps.set(file, now.stamp);
  }
  return false;
}
