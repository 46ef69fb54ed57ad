// The index's orderings: every collection sorted by stable keys, compared by UTF-16 code units
// (never by locale), so every machine writes the same bytes.
import { compareText } from "../project/paths.js";

type SortKey<T> = (item: T) => string | number | null;

/** A comparator by several keys in turn: null first, numbers numerically, text by code units. */
export function orderBy<T>(...keys: SortKey<T>[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      if (x === y) continue;
      if (x === null) return -1;
      if (y === null) return 1;
      if (typeof x === "number" && typeof y === "number") return x - y;
      return compareText(String(x), String(y));
    }
    return 0;
  };
}

/** The distinct values, sorted. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareText);
}

/** A sorted list without entries equal (as JSON) to the one before them. */
export function withoutRepeats<T>(sorted: readonly T[]): T[] {
  return sorted.filter(
    (item, index) => index === 0 || JSON.stringify(item) !== JSON.stringify(sorted[index - 1]),
  );
}
