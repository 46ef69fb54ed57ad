// The `packages` list of a pnpm-workspace.yaml, in the two forms pnpm documents (a block list or
// a flow list); other keys (catalogs, settings) are ignored. Anything else under `packages` is a
// clear error, never a silently empty workspace.
import { ProjectLoadError } from "../errors.js";

export function parsePnpmWorkspace(text: string, file: string): string[] {
  const lines = text.split(/\r?\n/u).map((line) => stripComment(line));
  const start = lines.findIndex((line) => /^packages\s*:/u.test(line));
  if (start === -1) return [];
  const bad = (detail: string) =>
    new ProjectLoadError("config-invalid", `${file}: "packages" ${detail}`, file);
  const inline = (lines[start] as string).replace(/^packages\s*:/u, "").trim();
  if (inline !== "") {
    const flow = /^\[(.*)\]$/u.exec(inline);
    if (!flow) throw bad(`must be a list of folder globs, got ${inline}`);
    return (flow[1] as string)
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "")
      .map((item) => unquote(item, bad));
  }
  const globs: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") continue;
    if (!/^\s/u.test(line)) break; // the next top-level key
    const item = /^\s+-\s*(.+)$/u.exec(line);
    if (!item) throw bad(`must be a list of folder globs, got ${line.trim()}`);
    globs.push(unquote((item[1] as string).trim(), bad));
  }
  return globs;
}

function stripComment(line: string): string {
  // A # starts a comment outside quotes (globs never contain one).
  const match = /^((?:[^#"']|"[^"]*"|'[^']*')*)#.*$/u.exec(line);
  return (match ? (match[1] as string) : line).trimEnd();
}

function unquote(item: string, bad: (detail: string) => Error): string {
  const quoted = /^(["'])(.*)\1$/u.exec(item);
  const value = quoted ? (quoted[2] as string) : item;
  if (value === "" || /[[\]{}:]/u.test(value))
    throw bad(`has an entry that is not a folder glob: ${item}`);
  return value;
}
