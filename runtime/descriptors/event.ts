import type { AnySchema } from "../schema/types.js";
import { tag } from "./descriptor-kind.js";

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

export function defineEvent<Id extends string, Version extends number, Payload extends AnySchema>(definition: {
  readonly id: Id;
  readonly version: Version;
  readonly payload: Payload;
  readonly description?: string;
}): EventDescriptor<Id, Version, Payload> {
  if (typeof definition.id !== "string" || definition.id === "") throw new TypeError("defineEvent: id must be a non-empty string");
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new TypeError(`defineEvent "${definition.id}": version must be a positive integer`);
  }
  return tag("event", {
    id: definition.id,
    version: definition.version,
    payload: definition.payload,
    description: definition.description,
  });
}
