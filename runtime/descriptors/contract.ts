import type { AnySchema } from "../schema/types.js";
import { describeValue, kindOf, listOrEmpty, recordOrEmpty, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys, requireSchemaValues } from "./definition-slots.js";
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

const contractKeys: ReadonlySet<string> = new Set(["id", "schemas", "ports", "events", "description"]);

export function defineContract<Id extends string>(given: {
  readonly id: Id;
  readonly schemas?: { readonly [name: string]: AnySchema };
  readonly ports?: readonly AnyPort[];
  readonly events?: readonly AnyEvent[];
  readonly description?: string;
}): Contract<Id> {
  const definition = definitionObject(given, "defineContract") as unknown as typeof given;
  const name = `defineContract "${definitionId(definition.id, "defineContract")}"`;
  refuseUnknownKeys(definition, contractKeys, name);
  const ports = listOrEmpty(definition.ports, `${name}: ports`);
  const events = listOrEmpty(definition.events, `${name}: events`);
  const schemas = recordOrEmpty(definition.schemas, `${name}: schemas`);
  requireSchemaValues(schemas, name, "schema");
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
    description: optionalText(definition.description, `${name}: description`),
  });
}
