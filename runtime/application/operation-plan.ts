import type { AnyEvent } from "../descriptors/event.js";
import type { AnyOperation } from "../descriptors/operation.js";
import type { AnyPortOperation, ErrorMap } from "../descriptors/port-operation.js";
import { checkOf, type Check } from "../schema/validate.js";
import type { Handler } from "./bind-adapters.js";

/** One declared effect, with its adapter handler and its port's checks looked up once. */
export interface EffectSlot {
  readonly key: string;
  readonly portOperation: AnyPortOperation;
  /** `undefined` when no adapter is bound (the harness lets that reach the call). */
  readonly handler: Handler | undefined;
  /** `undefined` for a port operation without input. */
  readonly checkInput: Check | undefined;
  readonly checkOutput: Check;
  /** Declared error code -> its details' check; an adapter of one with errors returns an outcome. */
  readonly errors: ReadonlyMap<string, Check>;
  /** The declared error codes, for the message that lists them. */
  readonly errorCodes: readonly string[];
}

/** One declared event. */
export interface EmitSlot {
  readonly key: string;
  readonly event: AnyEvent;
  readonly checkPayload: Check;
}

/**
 * What dispatch needs of an operation, built once (at `createApplication`, or once per
 * harness run) instead of on every dispatch: its checks, and its effect and event tables
 * with their handlers.
 */
export interface OperationPlan {
  readonly operation: AnyOperation;
  readonly checkInput: Check;
  readonly checkOutput: Check;
  readonly errors: ReadonlyMap<string, Check>;
  readonly effects: readonly EffectSlot[];
  readonly emits: readonly EmitSlot[];
}

const checksOf = (errors: ErrorMap): ReadonlyMap<string, Check> => new Map(Object.entries(errors).map(([code, schema]) => [code, checkOf(schema)]));

export function planOperation(operation: AnyOperation, handlers: ReadonlyMap<string, Handler>): OperationPlan {
  const effects = Object.entries(operation.effects).map(
    ([key, portOperation]): EffectSlot =>
      Object.freeze({
        key,
        portOperation,
        handler: handlers.get(portOperation.id),
        checkInput: portOperation.input === undefined ? undefined : checkOf(portOperation.input),
        checkOutput: checkOf(portOperation.output),
        errors: checksOf(portOperation.errors),
        errorCodes: Object.freeze(Object.keys(portOperation.errors)),
      }),
  );
  const emits = Object.entries(operation.emits).map(([key, event]): EmitSlot => Object.freeze({ key, event, checkPayload: checkOf(event.payload) }));
  return Object.freeze({
    operation,
    checkInput: checkOf(operation.input),
    checkOutput: checkOf(operation.output),
    errors: checksOf(operation.errors),
    effects: Object.freeze(effects),
    emits: Object.freeze(emits),
  });
}
