import { s } from "../schema/builders.js";
import { definePort } from "../descriptors/port.js";
import { portOperation } from "../descriptors/port-operation.js";
import { implementPort } from "../descriptors/adapter.js";

/** The current time, as an ISO-8601 UTC string. Declare `now: Clock.now` instead of reading `Date`. */
export const Clock = definePort({
  id: "clock",
  operations: {
    now: portOperation({ id: "clock.now", kind: "time", output: s.string({ format: "date-time" }) }),
  },
});

/** The machine's clock. */
export const systemClock = implementPort(Clock, { now: () => new Date().toISOString() }, { name: "system-clock" });
