/** Levenshtein distance between two strings (insertions, deletions and substitutions cost 1). */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * The names a mistyped `target` most likely meant, closest first (at most five): those it
 * begins, then those within a small edit distance (2, or a `share` of its length: a fifth by
 * default). For "did you mean ...?" in messages.
 */
export function closeNames(target: string, names: readonly string[], share = 5): string[] {
  const limit = Math.max(2, Math.floor(target.length / share));
  return (
    names
      // Two strings are at least their difference in length apart: a long or hostile target
      // (a megabyte-long property name) is measured against no name at all.
      .filter((name) => name.startsWith(target) || Math.abs(name.length - target.length) <= limit)
      .map((name) => ({ name, score: name.startsWith(target) ? 0 : editDistance(target, name) }))
      .filter((entry) => entry.score <= limit)
      .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 5)
      .map((entry) => entry.name)
  );
}
