import type { AnySchema } from "../schema/types.js";
import { describeValue, kindOf, tag } from "./descriptor-kind.js";
import type { AnyEvent } from "./event.js";
import type { AnyPort } from "./port.js";

/** A feature's public surface: the schemas, ports and events other features may use. */
export interface Contract<Id extends string = string> {
  readonly id: Id;
  readonly schemas: { readonly [name: string]: AnySchema };
  readonly ports: readonly AnyPort[];
  readonly events: readonly AnyEvent[];
  readonly description: string | undefined;
}

export function defineContract<Id extends string>(definition: {
  readonly id: Id;
  readonly schemas?: { readonly [name: string]: AnySchema };
  readonly ports?: readonly AnyPort[];
  readonly events?: readonly AnyEvent[];
  readonly description?: string;
}): Contract<Id> {
  if (typeof definition.id !== "string" || definition.id === "") throw new TypeError("defineContract: id must be a non-empty string");
  const ports = definition.ports ?? [];
  const events = definition.events ?? [];
  ports.forEach((port, index) => {
    if (kindOf(port) !== "port") throw new TypeError(`defineContract "${definition.id}": ports[${index}] must be a port, got ${describeValue(port)}`);
  });
  events.forEach((event, index) => {
    if (kindOf(event) !== "event") throw new TypeError(`defineContract "${definition.id}": events[${index}] must be an event, got ${describeValue(event)}`);
  });
  return tag("contract", {
    id: definition.id,
    schemas: Object.freeze({ ...(definition.schemas ?? {}) }),
    ports: Object.freeze([...ports]),
    events: Object.freeze([...events]),
    description: definition.description,
  });
}
