import { frameworkErrorCodes } from "../application/outcome.js";
import type { AnySchema, Input, Output } from "../schema/types.js";
import { describeValue, kindOf, listOrEmpty, quoted, recordOrEmpty, showValue, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys, requiredSchema, requireSchemaValues } from "./definition-slots.js";
import type { AnyEvent } from "./event.js";
import type { AnyInvariant } from "./invariant.js";
import type { AnyPortOperation, CallOf, DeclaredError, ErrorMap, PortOperation, QueryEffectKind } from "./port-operation.js";

/** Who is calling, as an inbound adapter established it. */
export interface Principal {
  readonly id: string;
  readonly permissions: readonly string[];
}

export type EffectMap = { readonly [key: string]: AnyPortOperation };
export type QueryEffectMap = { readonly [key: string]: PortOperation<string, QueryEffectKind, unknown, unknown> };
export type EventMap = { readonly [key: string]: AnyEvent };

declare const failureMark: unique symbol;
/** A declared error returned from `execute` via `fail(...)`. */
export interface Failure<Code extends string = string> {
  readonly [failureMark]: true;
  readonly code: Code;
  readonly details: unknown;
  readonly message: string | undefined;
}

const FAILURE: unique symbol = Symbol.for("agentix.failure");

export function isFailure(value: unknown): value is Failure {
  return value !== null && typeof value === "object" && (value as Record<symbol, unknown>)[FAILURE] === true;
}

export function createFailure(code: string, details: unknown, message: string | undefined): Failure {
  const failure = { code, details, message };
  Object.defineProperty(failure, FAILURE, { value: true });
  return failure as unknown as Failure;
}

export type Effects<Fx extends EffectMap> = { readonly [K in keyof Fx]: CallOf<Fx[K]> };
export type Emitters<Ev extends EventMap> = { readonly [K in keyof Ev]: (payload: Input<Ev[K]["payload"]>) => void };
export type Fail<E extends ErrorMap> = <Code extends keyof E & string>(code: Code, details: Input<E[Code]>, message?: string) => Failure<Code>;

export interface ExecuteContext<I extends AnySchema, E extends ErrorMap, Fx extends EffectMap, Ev extends EventMap> {
  /** The parsed input. */
  readonly input: Output<I>;
  /** Exactly the declared effects; nothing else is reachable. */
  readonly effects: Effects<Fx>;
  /** Exactly the declared events. */
  readonly emit: Emitters<Ev>;
  /** Returns a declared error: `return fail("NOT_FOUND", { id })`. */
  readonly fail: Fail<E>;
  readonly principal: Principal | undefined;
}

type MaybePromise<T> = T | Promise<T>;

export interface OperationDefinition<
  Id extends string,
  I extends AnySchema,
  O extends AnySchema,
  E extends ErrorMap,
  Fx extends EffectMap,
  Ev extends EventMap,
> {
  /** Stable, application-unique id, e.g. `"orders.create"`. */
  readonly id: Id;
  readonly input: I;
  readonly output: O;
  readonly errors?: E;
  /** Every permission is required; checked before anything else runs. */
  readonly permissions?: readonly string[];
  readonly effects?: Fx;
  readonly emits?: Ev;
  /** The invariants this operation promises to preserve (it calls `assertInvariant`). */
  readonly invariants?: readonly AnyInvariant[];
  readonly description?: string;
  execute(context: ExecuteContext<I, E, Fx, Ev>): MaybePromise<Input<O> | Failure<keyof E & string>>;
}

/**
 * A query's definition: an interface rather than an intersection with `{ emits?: never }`, which
 * the checker would otherwise split for every property it types contextually (type-check cost).
 */
export interface QueryDefinition<Id extends string, I extends AnySchema, O extends AnySchema, E extends ErrorMap, Fx extends QueryEffectMap>
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  extends OperationDefinition<Id, I, O, E, Fx, {}> {
  readonly emits?: never;
}

declare const operationTypes: unique symbol;

export interface Operation<
  Kind extends "command" | "query" = "command" | "query",
  Id extends string = string,
  In = unknown,
  Out = unknown,
  Err = unknown,
> {
  readonly kind: Kind;
  readonly id: Id;
  readonly input: AnySchema;
  readonly output: AnySchema;
  readonly errors: ErrorMap;
  readonly permissions: readonly string[];
  readonly effects: EffectMap;
  readonly emits: EventMap;
  readonly invariants: readonly AnyInvariant[];
  readonly description: string | undefined;
  readonly execute: (context: ExecuteContext<AnySchema, ErrorMap, EffectMap, EventMap>) => MaybePromise<unknown>;
  /** Type-level only: computed once here so applications never recompute them. */
  readonly [operationTypes]: { readonly input: In; readonly output: Out; readonly error: Err };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<"command" | "query", string, any, any, any>;
export type InputOf<Op extends AnyOperation> = Op[typeof operationTypes]["input"];
export type OutputOf<Op extends AnyOperation> = Op[typeof operationTypes]["output"];
export type ErrorOf<Op extends AnyOperation> = Op[typeof operationTypes]["error"];

export type Command<Id extends string = string, In = unknown, Out = unknown, Err = unknown> = Operation<"command", Id, In, Out, Err>;
export type Query<Id extends string = string, In = unknown, Out = unknown, Err = unknown> = Operation<"query", Id, In, Out, Err>;

const operationKeys: ReadonlySet<string> = new Set([
  "id",
  "description",
  "input",
  "output",
  "errors",
  "permissions",
  "effects",
  "emits",
  "invariants",
  "execute",
]);

function defineOperation(kind: "command" | "query", given: OperationDefinition<string, AnySchema, AnySchema, ErrorMap, EffectMap, EventMap>) {
  const where = `define${kind === "command" ? "Command" : "Query"}`;
  const definition = definitionObject(given, where) as unknown as typeof given;
  // Every slot is read once, and maps and lists are copied before they are checked (see
  // recordOrEmpty): what is checked is what the operation keeps.
  const id = definitionId(definition.id, where);
  const name = `${where} "${id}"`;
  refuseUnknownKeys(definition, operationKeys, name);
  const input = requiredSchema(definition.input, `${name}: input`);
  const output = requiredSchema(definition.output, `${name}: output`);
  const execute: unknown = definition.execute;
  if (typeof execute !== "function") throw new TypeError(`${name}: execute must be a function, got ${describeValue(execute)}`);
  const effects = recordOrEmpty(definition.effects, `${name}: effects`);
  for (const [key, effect] of Object.entries(effects)) {
    if (kindOf(effect) !== "portOperation") {
      throw new TypeError(`${name}: effect "${key}" must be a port operation (e.g. Store.save), got ${describeValue(effect)}`);
    }
    if (kind === "query" && (effect.kind === "write" || effect.kind === "external")) {
      throw new TypeError(`${name}: a query may not declare the ${effect.kind} effect "${key}" (${effect.id}); make it a command`);
    }
  }
  const emits = recordOrEmpty(definition.emits, `${name}: emits`);
  if (kind === "query" && Object.keys(emits).length > 0) throw new TypeError(`${name}: a query may not emit events; make it a command`);
  for (const [key, event] of Object.entries(emits)) {
    if (kindOf(event) !== "event") throw new TypeError(`${name}: emits "${key}" must be an event, got ${describeValue(event)}`);
  }
  const invariants = listOrEmpty(definition.invariants, `${name}: invariants`);
  for (let index = 0; index < invariants.length; index++) {
    const invariant = invariants[index];
    if (kindOf(invariant) !== "invariant") throw new TypeError(`${name}: invariants[${index}] must be an invariant, got ${describeValue(invariant)}`);
  }
  const permissions = listOrEmpty(definition.permissions, `${name}: permissions`);
  for (let index = 0; index < permissions.length; index++) {
    const permission = permissions[index];
    if (typeof permission !== "string" || permission === "") throw new TypeError(`${name}: permissions[${index}] must be a non-empty string, got ${showValue(permission)}`);
  }
  const errors = recordOrEmpty(definition.errors, `${name}: errors`);
  requireSchemaValues(errors, name, "error");
  refuseFrameworkCodes(errors, name);
  return tag(kind, {
    kind,
    id,
    input,
    output,
    errors: Object.freeze(errors),
    permissions: Object.freeze(permissions),
    effects: Object.freeze(effects),
    emits: Object.freeze(emits),
    invariants: Object.freeze(invariants),
    description: optionalText(definition.description, `${name}: description`),
    execute,
  });
}

const frameworkCodes: ReadonlySet<string> = new Set(frameworkErrorCodes);

/**
 * A declared error named like a framework code (`TIMEOUT`, `FORBIDDEN`) would give an outcome no
 * one could tell from the runtime's own, and agentix/http would answer it as the framework's.
 */
function refuseFrameworkCodes(errors: { readonly [code: string]: unknown }, name: string): void {
  const taken = Object.keys(errors).filter((code) => frameworkCodes.has(code));
  if (taken.length === 0) return;
  const one = taken.length === 1;
  throw new TypeError(
    `${name}: ${one ? "error" : "errors"} ${taken.map((code) => quoted(code)).join(", ")} ${one ? "is a framework code" : "are framework codes"}, ` +
      `which outcomes could not tell from the runtime's own (${frameworkErrorCodes.join(", ")}); give ${one ? "the" : "each"} error a code of its own`,
  );
}

/** A command: may read, write, call out and emit events, within what it declares. */
export function defineCommand<
  Id extends string,
  I extends AnySchema,
  O extends AnySchema,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  E extends ErrorMap = {},
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  Fx extends EffectMap = {},
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  Ev extends EventMap = {},
>(definition: OperationDefinition<Id, I, O, E, Fx, Ev>): Command<Id, Input<I>, Output<O>, DeclaredError<E>> {
  return defineOperation("command", definition as never) as unknown as Command<Id, Input<I>, Output<O>, DeclaredError<E>>;
}

/**
 * A query: reads only. Its effects must be `read`, `time` or `random` and it emits nothing;
 * the types reject the rest, and so do the lint rule, the analyzer and this function.
 */
export function defineQuery<
  Id extends string,
  I extends AnySchema,
  O extends AnySchema,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  E extends ErrorMap = {},
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  Fx extends QueryEffectMap = {},
>(
  definition: QueryDefinition<Id, I, O, E, Fx>,
): Query<Id, Input<I>, Output<O>, DeclaredError<E>> {
  return defineOperation("query", definition as never) as unknown as Query<Id, Input<I>, Output<O>, DeclaredError<E>>;
}
