import type { AnySchema, Input, Output } from "../schema/types.js";
import { recordOrEmpty, showValue, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalSchema, optionalText, refuseUnknownKeys, requiredSchema, requireSchemaValues } from "./definition-slots.js";

/**
 * What a port operation does to the world. Queries may declare only `read`, `time` and
 * `random` effects; `write` and `external` belong to commands.
 */
export type EffectKind = "read" | "write" | "time" | "random" | "external";
export type QueryEffectKind = "read" | "time" | "random";

/** Declared errors: a code and the schema of its details. */
export type ErrorMap = { readonly [code: string]: AnySchema };

type MaybePromise<T> = T | Promise<T>;

/** One declared error as a value: the code narrows `details`. */
export type DeclaredError<E extends ErrorMap> = {
  [K in keyof E & string]: { readonly code: K; readonly message?: string; readonly details: Output<E[K]> };
}[keyof E & string];

/** What an adapter returns for a declared error (details before parsing: brands plain). */
export type DeclaredErrorInput<E extends ErrorMap> = {
  [K in keyof E & string]: { readonly code: K; readonly message?: string; readonly details: Input<E[K]> };
}[keyof E & string];

/** The result of a port operation that declares errors: a declined payment is a value. */
export type PortOutcome<O, E extends ErrorMap> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly error: DeclaredError<E> };

export type PortOutcomeInput<O, E extends ErrorMap> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly error: DeclaredErrorInput<E> };

type ResultFor<O extends AnySchema, E extends ErrorMap> = [keyof E] extends [never]
  ? Output<O>
  : PortOutcome<Output<O>, E>;
type HandlerResultFor<O extends AnySchema, E extends ErrorMap> = [keyof E] extends [never]
  ? Input<O>
  : PortOutcomeInput<Input<O>, E>;

/** How `execute` calls the effect: `effects.save(order)`, `effects.now()`. */
export type EffectCallFor<I extends AnySchema | undefined, O extends AnySchema, E extends ErrorMap> = I extends AnySchema
  ? (input: Input<I>) => Promise<ResultFor<O, E>>
  : () => Promise<ResultFor<O, E>>;

/**
 * What dispatch hands every adapter handler beside its input. An object, so it can grow
 * without changing handler signatures.
 */
export interface HandlerContext {
  /**
   * Aborts when the dispatch that called the handler is abandoned (its deadline passed or its
   * caller's signal aborted); its `reason` says which. Pass it on (`fetch(url, { signal })`) so
   * abandoned work stops; whatever the handler answers afterwards is ignored. It never aborts
   * for a dispatch that settles normally.
   */
  readonly signal: AbortSignal;
}

/**
 * How an adapter implements it: it receives parsed input (`undefined` for an operation without
 * input) and the handler context, and returns unparsed output. A handler may ignore either.
 */
export type HandlerFor<I extends AnySchema | undefined, O extends AnySchema, E extends ErrorMap> = I extends AnySchema
  ? (input: Output<I>, context: HandlerContext) => MaybePromise<HandlerResultFor<O, E>>
  : (input: undefined, context: HandlerContext) => MaybePromise<HandlerResultFor<O, E>>;

/** How code outside dispatch (a storage test, a script) calls a bound handler: the context is optional. */
export type InvokeFor<I extends AnySchema | undefined, O extends AnySchema, E extends ErrorMap> = I extends AnySchema
  ? (input: Output<I>, context?: HandlerContext) => MaybePromise<HandlerResultFor<O, E>>
  : (input?: undefined, context?: HandlerContext) => MaybePromise<HandlerResultFor<O, E>>;

declare const signatures: unique symbol;

export interface PortOperation<
  Id extends string = string,
  Kind extends EffectKind = EffectKind,
  Call = unknown,
  Handler = unknown,
  Invoke = unknown,
> {
  readonly id: Id;
  readonly kind: Kind;
  readonly input: AnySchema | undefined;
  readonly output: AnySchema;
  readonly errors: ErrorMap;
  readonly description: string | undefined;
  /** The port's id, once the operation is part of a port (`definePort`). */
  readonly port: string | undefined;
  /** Type-level only: the call, handler and invocation signatures, computed once here. */
  readonly [signatures]: { readonly call: Call; readonly handler: Handler; readonly invoke: Invoke };
}

export type AnyPortOperation = PortOperation<string, EffectKind, unknown, unknown, unknown>;
export type CallOf<Op extends AnyPortOperation> = Op[typeof signatures]["call"];
export type HandlerOf<Op extends AnyPortOperation> = Op[typeof signatures]["handler"];
export type InvokeOf<Op extends AnyPortOperation> = Op[typeof signatures]["invoke"];

export interface PortOperationDefinition<
  Id extends string,
  Kind extends EffectKind,
  I extends AnySchema | undefined,
  O extends AnySchema,
  E extends ErrorMap,
> {
  /** Stable, application-unique id, e.g. `"payments.charge"`. */
  readonly id: Id;
  readonly kind: Kind;
  /** Omit for an operation called without an argument (`effects.now()`). */
  readonly input?: I;
  readonly output: O;
  /** Declared errors make the effect return an outcome instead of the bare output. */
  readonly errors?: E;
  readonly description?: string;
}

const effectKinds: ReadonlySet<string> = new Set<EffectKind>(["read", "write", "time", "random", "external"]);
const portOperationKeys: ReadonlySet<string> = new Set(["id", "kind", "input", "output", "errors", "description"]);

export function portOperation<
  const Id extends string,
  Kind extends EffectKind,
  O extends AnySchema,
  I extends AnySchema | undefined = undefined,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  E extends ErrorMap = {},
>(
  given: PortOperationDefinition<Id, Kind, I, O, E>,
): PortOperation<Id, Kind, EffectCallFor<I, O, E>, HandlerFor<I, O, E>, InvokeFor<I, O, E>> {
  const definition = definitionObject(given, "portOperation") as unknown as typeof given;
  const name = `portOperation "${definitionId(definition.id, "portOperation")}"`;
  refuseUnknownKeys(definition, portOperationKeys, name);
  if (!effectKinds.has(definition.kind)) {
    throw new TypeError(`${name}: kind must be one of ${[...effectKinds].join(", ")}, got ${showValue(definition.kind)}`);
  }
  const errors = recordOrEmpty(definition.errors, `${name}: errors`);
  requireSchemaValues(errors, name, "error");
  return tag("portOperation", {
    id: definition.id,
    kind: definition.kind,
    input: optionalSchema(definition.input, `${name}: input`),
    output: requiredSchema(definition.output, `${name}: output`),
    errors: Object.freeze({ ...errors }),
    description: optionalText(definition.description, `${name}: description`),
    port: undefined,
  }) as unknown as PortOperation<Id, Kind, EffectCallFor<I, O, E>, HandlerFor<I, O, E>, InvokeFor<I, O, E>>;
}
