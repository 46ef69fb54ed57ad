import { s } from "../schema/builders.js";
import { definePort } from "../descriptors/port.js";
import { portOperation } from "../descriptors/port-operation.js";
import { implementPort } from "../descriptors/adapter.js";

/** Fresh identifiers, as non-empty strings. Declare `nextId: Ids.next` instead of calling `crypto`. */
export const Ids = definePort({
  id: "ids",
  operations: {
    next: portOperation({ id: "ids.next", kind: "random", output: s.string({ minLength: 1 }) }),
  },
});

/** Random UUIDs (v4) from the platform's crypto. */
export const randomIds = implementPort(Ids, { next: () => globalThis.crypto.randomUUID() }, { name: "random-ids" });
