// What changed: from git (`--since <ref>`, working tree included) or from named targets.
import path from "node:path";
import { ChangeSourceError } from "../errors.js";
import { AFFECTED_FILE_NAME, FRESH_FILE_NAME } from "../index-file/cache-file-names.js";
import { INDEX_DIRECTORY } from "../index-file/write.js";
import { gitText as git, repositoryTop } from "./git.js";
import { toPosix } from "../../schema/paths.js";
import { quotedInput } from "../text.js";

export type ChangeStatus = "added" | "modified" | "deleted" | "renamed";

export interface FileChange {
  /** Path relative to the project root, POSIX; may start with `../` when outside the project. */
  readonly path: string;
  readonly status: ChangeStatus;
  /** For renames: where the file was. */
  readonly oldPath?: string;
  /** Changed line ranges of the new file (1-based, inclusive); absent when the whole file counts. */
  readonly lines?: readonly (readonly [number, number])[];
  /** Lines after which text was removed (0: at the start of the file). */
  readonly deletedAfter?: readonly number[];
  /**
   * Text the changed lines replaced: the line after which it stood (the one before the hunk's
   * new lines) and its lines. Code turned into a comment or a blank line is a change there.
   */
  readonly replaced?: readonly ReplacedText[];
}

export interface ReplacedText {
  readonly after: number;
  readonly text: string;
}

const LOCAL_CACHES = new Set(
  [FRESH_FILE_NAME, AFFECTED_FILE_NAME].map((name) => `${INDEX_DIRECTORY}/${name}`),
);

/**
 * The files changed between `ref` and the working tree (committed, staged, unstaged and
 * untracked), with the changed lines of each modified file.
 */
export function changesSince(ref: string, projectRoot: string): FileChange[] {
  // A ref is never an option: `--output=x` handed to git would be one.
  // Said as a target is: a 100 KB ref is not echoed whole.
  const notACommit = () =>
    new ChangeSourceError("not-a-commit", `${quotedInput(ref)} is not a commit in this repository`);
  if (ref.startsWith("-")) throw notACommit();
  const top = repositoryTop(projectRoot);
  try {
    git(projectRoot, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  } catch {
    throw notACommit();
  }
  const fromTop = (file: string) => toPosix(path.relative(projectRoot, path.join(top, file)));
  const changes: FileChange[] = [];
  const fields = git(top, ["diff", "--name-status", "-M", "-z", ref, "--"]).split("\0");
  for (let index = 0; index < fields.length - 1;) {
    const status = fields[index++] as string;
    if (status.startsWith("R")) {
      const from = fields[index++] as string;
      const to = fields[index++] as string;
      changes.push({ path: fromTop(to), status: "renamed", oldPath: fromTop(from) });
    } else if (status.startsWith("C")) {
      index++;
      changes.push({ path: fromTop(fields[index++] as string), status: "added" });
    } else {
      const file = fields[index++] as string;
      const kind: ChangeStatus = status === "A" ? "added" : status === "D" ? "deleted" : "modified";
      changes.push({ path: fromTop(file), status: kind });
    }
  }
  for (const file of git(top, ["ls-files", "--others", "--exclude-standard", "-z"]).split("\0")) {
    if (file === "") continue;
    const relative = fromTop(file);
    // agentix's own checkout-local caches: never an input, even where .gitignore misses one.
    if (!LOCAL_CACHES.has(relative)) changes.push({ path: relative, status: "added" });
  }
  const modified = changes
    .filter((change) => change.status === "modified")
    .map((change) => change.path);
  const hunks =
    modified.length === 0 ? new Map<string, Hunks>() : changedLines(top, ref, projectRoot);
  return changes
    .map((change) => {
      if (change.status !== "modified") return change;
      const found = hunks.get(change.path);
      // No hunk read for it (a binary file, a mode change, a name the diff spelt otherwise):
      // the whole file counts as changed, never none of it.
      if (found === undefined) return change;
      return {
        ...change,
        lines: found.lines,
        deletedAfter: found.deletedAfter,
        ...(found.replaced.length > 0 ? { replaced: found.replaced } : {}),
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

interface Hunks {
  lines: [number, number][];
  deletedAfter: number[];
  replaced: { after: number; text: string }[];
}

/** Changed line ranges per file, in new-file coordinates, and where text was only removed. */
function changedLines(top: string, ref: string, projectRoot: string): Map<string, Hunks> {
  const diff = git(top, [
    "-c",
    "core.quotePath=false",
    "diff",
    "-U0",
    "--no-color",
    "--no-ext-diff",
    // The user's diff.mnemonicPrefix or diff.noprefix would write `+++ w/x` or `+++ x`.
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "-M",
    ref,
    "--",
  ]);
  const result = new Map<string, Hunks>();
  let current: Hunks | undefined;
  /** The replaced text of the hunk being read, while its body is read. */
  let replacing: { after: number; text: string } | undefined;
  let inBody = false;
  for (const line of diff.split("\n")) {
    // A hunk's body: its removed lines (`-`, a removed "-- x" too) until the next header.
    if (inBody && line.startsWith("-")) {
      if (replacing) replacing.text += `${line.slice(1)}\n`;
      continue;
    }
    if (inBody && (line.startsWith("+") || line.startsWith("\\"))) continue;
    inBody = false;
    if (line.startsWith("+++ ")) {
      const name = diffPath(line.slice(4));
      current = undefined;
      if (name !== "/dev/null") {
        const file = toPosix(path.relative(projectRoot, path.join(top, name.replace(/^b\//, ""))));
        current = { lines: [], deletedAfter: [], replaced: [] };
        result.set(file, current);
      }
    } else if (line.startsWith("@@") && current !== undefined) {
      const match = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (match === null) continue;
      inBody = true;
      replacing = undefined;
      const removedCount = match[1] === undefined ? 1 : Number(match[1]);
      const start = Number(match[2]);
      const count = match[3] === undefined ? 1 : Number(match[3]);
      if (count === 0) current.deletedAfter.push(start);
      else {
        current.lines.push([start, start + count - 1]);
        if (removedCount > 0) {
          replacing = { after: start - 1, text: "" };
          current.replaced.push(replacing);
        }
      }
    }
  }
  return result;
}

/** The byte each C escape of a quoted path stands for (`\t` is a tab, `\"` a quote). */
const C_ESCAPES: Readonly<Record<string, number>> = {
  n: 10,
  t: 9,
  r: 13,
  '"': 34,
  "\\": 92,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
};

/**
 * A path as a diff's `+++` line writes it: a name with a space ends with a tab, and one with a
 * quote, a backslash or a control character is quoted with C escapes (octal bytes of UTF-8).
 */
export function diffPath(written: string): string {
  const name = written.endsWith("\t") ? written.slice(0, -1) : written;
  if (!name.startsWith('"') || !name.endsWith('"') || name.length < 2) return name;
  const bytes: number[] = [];
  const body = name.slice(1, -1);
  for (let at = 0; at < body.length; at++) {
    const char = body[at] as string;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const next = body[at + 1] ?? "";
    const octal = /^[0-7]{3}/u.exec(body.slice(at + 1));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8));
      at += 3;
    } else {
      bytes.push(C_ESCAPES[next] ?? next.charCodeAt(0));
      at += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
