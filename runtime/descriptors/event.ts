import type { AnySchema } from "../schema/types.js";
import { showValue, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys, requiredSchema } from "./definition-slots.js";

export interface EventDescriptor<Id extends string = string, Version extends number = number, Payload extends AnySchema = AnySchema> {
  readonly id: Id;
  readonly version: Version;
  readonly payload: Payload;
  readonly description: string | undefined;
}

export type AnyEvent = EventDescriptor<string, number, AnySchema>;

/** An emitted event as dispatch returns it. */
export interface EmittedEvent {
  readonly event: string;
  readonly version: number;
  readonly payload: unknown;
}

const eventKeys: ReadonlySet<string> = new Set(["id", "version", "payload", "description"]);

export function defineEvent<Id extends string, Version extends number, Payload extends AnySchema>(given: {
  readonly id: Id;
  readonly version: Version;
  readonly payload: Payload;
  readonly description?: string;
}): EventDescriptor<Id, Version, Payload> {
  const definition = definitionObject(given, "defineEvent") as unknown as typeof given;
  const name = `defineEvent "${definitionId(definition.id, "defineEvent")}"`;
  refuseUnknownKeys(definition, eventKeys, name);
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new TypeError(`${name}: version must be a positive integer, got ${showValue(definition.version)}`);
  }
  return tag("event", {
    id: definition.id,
    version: definition.version,
    payload: requiredSchema(definition.payload, `${name}: payload`) as Payload,
    description: optionalText(definition.description, `${name}: description`),
  });
}
