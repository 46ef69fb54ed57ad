// `--shard <i>/<n>`: the selected test files split into n parts of about equal case counts, so
// a CI matrix runs part i on machine i. Deterministic greedy bin packing: files by case count
// (largest first, ties by path), each into the part with the fewest cases so far (ties: the
// lowest part). A file is never split: its cases share module state and setup.
import { UsageError } from "../errors.js";
import { compareText } from "../project/paths.js";

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** Reads `<i>/<n>` (whole numbers, 1 <= i <= n); anything else is a usage error (exit 2). */
export function parseShard(text: string, verb: string): Shard {
  const match = /^([1-9]\d{0,5})\/([1-9]\d{0,5})$/u.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || index > count)
    throw new UsageError(
      `--shard must be <i>/<n> with whole numbers 1 <= i <= n (e.g. 2/4), got "${text}"`,
      verb,
    );
  return { index, count };
}

/** The files of part `shard.index`, in their original order. */
export function shardFiles<T extends { readonly file: string; readonly selected: number }>(
  files: readonly T[],
  shard: Shard,
): T[] {
  const order = [...files].sort((a, b) => b.selected - a.selected || compareText(a.file, b.file));
  const loads = Array.from({ length: shard.count }, () => 0);
  const mine = new Set<T>();
  for (const file of order) {
    let part = 0;
    for (let candidate = 1; candidate < loads.length; candidate++)
      if ((loads[candidate] as number) < (loads[part] as number)) part = candidate;
    loads[part] = (loads[part] as number) + file.selected;
    if (part === shard.index - 1) mine.add(file);
  }
  return files.filter((file) => mine.has(file));
}
