import type { AnySchema } from "../schema/types.js";
import { describeValue, kindOf, listOrEmpty, recordOrEmpty, tag } from "./descriptor-kind.js";
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
  const name = `defineContract "${definition.id}"`;
  const ports = listOrEmpty(definition.ports, `${name}: ports`);
  const events = listOrEmpty(definition.events, `${name}: events`);
  const schemas = recordOrEmpty(definition.schemas, `${name}: schemas`);
  for (let index = 0; index < ports.length; index++) {
    if (kindOf(ports[index]) !== "port") throw new TypeError(`${name}: ports[${index}] must be a port, got ${describeValue(ports[index])}`);
  }
  for (let index = 0; index < events.length; index++) {
    if (kindOf(events[index]) !== "event") throw new TypeError(`${name}: events[${index}] must be an event, got ${describeValue(events[index])}`);
  }
  return tag("contract", {
    id: definition.id,
    schemas: Object.freeze({ ...schemas }),
    ports: Object.freeze([...ports]),
    events: Object.freeze([...events]),
    description: definition.description,
  });
}
