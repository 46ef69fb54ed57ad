import type { FileSource } from "./facts.js";

/** The non-blank text of a line (1-based), as positions; undefined for a blank or missing line. */
export function lineSpan(source: FileSource, line: number): [number, number] | undefined {
  const starts = source.lineStarts;
  if (line < 1 || line > starts.length) return undefined;
  const start = starts[line - 1] as number;
  const end = line < starts.length ? (starts[line] as number) : source.text.length;
  const text = source.text.slice(start, end);
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const leading = text.length - text.trimStart().length;
  return [start + leading, start + leading + trimmed.length];
}
