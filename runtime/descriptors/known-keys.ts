import { quoted } from "./descriptor-kind.js";

/** More unknown keys than this are counted, not listed (a hostile object may have thousands). */
const MAX_LISTED_KEYS = 5;

/**
 * One sentence per key of `value` that is not in `known`: `unknown key "effect" (did you mean
 * "effects"?)`, or the known names when none is close. `noun` names what the keys are ("key",
 * "option"). Definitions are checked by hand in plain JavaScript; a misspelt slot would
 * otherwise be ignored and the mistake surface later, at dispatch.
 */
export function unknownKeyProblems(value: object, known: ReadonlySet<string>, noun: string): string[] {
  const keys = Object.keys(value);
  // Every define function calls this at module load: the common answer allocates nothing more.
  if (keys.every((key) => known.has(key))) return [];
  const unknown = keys.filter((key) => !known.has(key));
  const problems = unknown.slice(0, MAX_LISTED_KEYS).map((key) => unknownName(key, known, noun));
  if (unknown.length > MAX_LISTED_KEYS) problems.push(`and ${unknown.length - MAX_LISTED_KEYS} more unknown ${noun}s`);
  return problems;
}

/** `unknown format "datetime" (did you mean "date-time"?)`, or the names when none is close. */
export function unknownName(name: string, known: Iterable<string>, noun: string): string {
  const names = [...known];
  const close = closestName(name, names);
  const hint = close === undefined ? `the ${noun}s are ${names.join(", ")}` : `did you mean "${close}"?`;
  return `unknown ${noun} ${quoted(name)} (${hint})`;
}

/** The known name a typo most likely meant: about one edit in four characters away, at least one. */
function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const allowed = Math.max(1, Math.floor(candidate.length / 4));
    const distance = editDistance(wanted, candidate.toLowerCase(), allowed);
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Edits (insert, delete, replace, swap two neighbours) from one text to the other, or `limit + 1`
 * as soon as there must be more than `limit`: a long name costs nothing.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (beforePrevious[j - 2] as number) + 1);
      current[j] = distance;
      rowMinimum = Math.min(rowMinimum, distance);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
