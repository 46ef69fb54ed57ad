import { describeValue, kindOf, recordOrEmpty, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys } from "./definition-slots.js";
import type { AnyPortOperation, HandlerOf, InvokeOf, PortOperation } from "./port-operation.js";

export type PortOperations = { readonly [name: string]: AnyPortOperation };

/** A port exposes its operations as properties: `Payments.charge`. */
export type Port<Id extends string = string, Ops extends PortOperations = PortOperations> = {
  readonly id: Id;
  readonly operations: Ops;
  readonly description: string | undefined;
} & Ops;

/** Any port, seen through its fields (its operations are also properties, not typed here). */
export interface AnyPort {
  readonly id: string;
  readonly operations: PortOperations;
  readonly description: string | undefined;
}

/** What `implementPort` needs: one handler per operation. */
export type PortHandlers<P extends AnyPort> = { readonly [K in keyof P["operations"]]: HandlerOf<P["operations"][K]> };
/** An adapter's handlers as code outside dispatch calls them (the handler context is optional). */
export type BoundHandlers<P extends AnyPort> = { readonly [K in keyof P["operations"]]: InvokeOf<P["operations"][K]> };

const reservedNames: ReadonlySet<string> = new Set(["id", "operations", "description"]);
const ports = new WeakMap<AnyPortOperation, AnyPort>();

export interface PortDefinition<Id extends string, Ops extends PortOperations> {
  readonly id: Id;
  readonly operations: Ops & { readonly id?: never; readonly operations?: never; readonly description?: never };
  readonly description?: string;
}

const portKeys: ReadonlySet<string> = new Set(["id", "operations", "description"]);

export function definePort<Id extends string, Ops extends PortOperations>(
  given: PortDefinition<Id, Ops>,
): Port<Id, Ops> {
  const definition = definitionObject(given, "definePort") as unknown as typeof given;
  const where = `definePort "${definitionId(definition.id, "definePort")}"`;
  refuseUnknownKeys(definition, portKeys, where);
  const operations: Record<string, AnyPortOperation> = {};
  if (definition.operations === undefined) throw new TypeError(`${where}: operations must be an object of portOperation(...) values, got undefined`);
  for (const [name, operation] of Object.entries(recordOrEmpty(definition.operations, `${where}: operations`))) {
    if (reservedNames.has(name)) {
      throw new TypeError(`${where}: an operation may not be named "${name}" (it is a field of the port itself)`);
    }
    // Assigned below, "__proto__" replaced the operations' prototype and the operation was lost.
    if (name === "__proto__") throw new TypeError(`${where}: an operation may not be named "__proto__" (it would replace the prototype of the port's operations)`);
    if (kindOf(operation) !== "portOperation") {
      throw new TypeError(`${where}: operation "${name}" must be a portOperation(...), got ${describeValue(operation)}`);
    }
    if (operation.port !== undefined) {
      throw new TypeError(`${where}: operation "${name}" (${operation.id}) already belongs to port "${operation.port}"`);
    }
    operations[name] = tag("portOperation", { ...operation, port: definition.id }) as unknown as AnyPortOperation;
  }
  Object.freeze(operations);
  const port = tag("port", {
    ...operations,
    id: definition.id,
    operations,
    description: optionalText(definition.description, `${where}: description`),
  }) as unknown as Port<Id, Ops>;
  for (const operation of Object.values(operations)) ports.set(operation, port as AnyPort);
  return port;
}

/** The port an operation belongs to, if any. */
export function portOf(operation: AnyPortOperation): AnyPort | undefined {
  return ports.get(operation);
}

export type { PortOperation };
