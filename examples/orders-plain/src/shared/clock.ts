/** Where the time comes from. Services never read the system clock themselves, so tests and scripted runs can pin it. */
export interface Clock {
  /** The current time as an ISO-8601 UTC string, e.g. `2026-03-01T09:00:00.000Z`. */
  now(): string;
}

export const systemClock: Clock = { now: () => new Date().toISOString() };

/** A clock that stands still at `instant` (any form `Date` parses; answered normalised). */
export function fixedClock(instant: string): Clock {
  const millis = Date.parse(instant);
  if (Number.isNaN(millis)) throw new RangeError(`fixedClock: ${JSON.stringify(instant)} is not a time`);
  const reading = new Date(millis).toISOString();
  return { now: () => reading };
}
