// How the analyzer's messages word lists and counts, in one place.

export interface ListOptions {
  /** Show at most this many, then say how many more there are. */
  readonly limit?: number;
  /** What an empty list reads as. */
  readonly empty?: string;
  /** `a, b, and 3 more` rather than `a, b and 3 more`. */
  readonly serialComma?: boolean;
}

/** Values joined with ", ", the ones past `limit` counted. */
export function listText(
  values: readonly string[],
  { limit = Infinity, empty = "", serialComma = false }: ListOptions = {},
): string {
  if (values.length === 0) return empty;
  const shown = values.slice(0, limit).join(", ");
  if (values.length <= limit) return shown;
  return `${shown}${serialComma ? "," : ""} and ${values.length - limit} more`;
}

/**
 * A section of a human answer, one line per item, the ones past `limit` counted on a last line
 * (a change across a large repository reaches thousands of files; `--json` keeps every one).
 */
export function cappedLines<T>(
  items: readonly T[],
  render: (item: T) => string,
  limit: number,
): string[] {
  const lines = items.slice(0, limit).map(render);
  if (items.length > limit)
    lines.push(`  and ${items.length - limit} more (--json lists every one)`);
  return lines;
}

/** `1 file`, `2 files`. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Longest user input a message quotes whole; past it, its start and its length. */
const QUOTED_LIMIT = 200;

/**
 * A value the user gave, quoted in a message: whole when short, else its start and its length
 * (a 1 MB target came back as a 1 MB error).
 */
export function quotedInput(value: string): string {
  return value.length <= QUOTED_LIMIT
    ? `"${value}"`
    : `"${value.slice(0, QUOTED_LIMIT)}..." (${value.length} characters)`;
}
