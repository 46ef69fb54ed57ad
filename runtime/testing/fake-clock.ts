import { implementPort, type Adapter } from "../descriptors/adapter.js";
import { Clock } from "../ports/clock.js";

export type FakeClock = Adapter<typeof Clock> & {
  /** The time the next `Clock.now` call returns. */
  current(): string;
  set(isoTime: string): void;
  advance(milliseconds: number): void;
};

/**
 * A clock that stands still unless told otherwise: `fakeClock("2026-01-01T00:00:00.000Z")`.
 * With `step`, every reading advances it by that many milliseconds.
 */
export function fakeClock(start = "2026-01-01T00:00:00.000Z", options: { readonly step?: number } = {}): FakeClock {
  let now = toMillis(start);
  const step = options.step ?? 0;
  const adapter = implementPort(
    Clock,
    {
      now: () => {
        const reading = new Date(now).toISOString();
        now += step;
        return reading;
      },
    },
    { name: "fake-clock" },
  );
  return Object.freeze(
    Object.assign(Object.create(adapter) as Adapter<typeof Clock>, {
      current: () => new Date(now).toISOString(),
      set: (isoTime: string) => void (now = toMillis(isoTime)),
      advance: (milliseconds: number) => void (now += milliseconds),
    }),
  );
}

function toMillis(isoTime: string): number {
  const millis = Date.parse(isoTime);
  if (Number.isNaN(millis)) throw new TypeError(`fakeClock: "${isoTime}" is not an ISO-8601 time`);
  return millis;
}
