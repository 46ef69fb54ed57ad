import { implementPort, type Adapter } from "../descriptors/adapter.js";
import type { AnyPortOperation, HandlerOf } from "../descriptors/port-operation.js";
import type { AnyPort } from "../descriptors/port.js";
import { validate } from "../schema/validate.js";
import { MissingFakeData } from "./missing-fake-data.js";

/** A recorded call to a fake. */
export interface FakeCall {
  readonly operation: string;
  readonly input?: unknown;
}

/**
 * How a fake answers one operation: a handler; an array of answers given in order (running out
 * fails the test); or one answer for every call.
 */
export type FakeAnswer<Op extends AnyPortOperation> =
  | HandlerOf<Op>
  | readonly Awaited<ReturnType<Extract<HandlerOf<Op>, (...args: never[]) => unknown>>>[]
  | { readonly always: Awaited<ReturnType<Extract<HandlerOf<Op>, (...args: never[]) => unknown>>> };

export type FakeAnswers<P extends AnyPort> = { readonly [K in keyof P["operations"]]?: FakeAnswer<P["operations"][K]> };

export type MemoryAdapter<P extends AnyPort> = Adapter<P> & {
  /** Every call, in order, across the port's operations. */
  readonly calls: readonly FakeCall[];
};

/**
 * An in-memory fake of a port that records every call. A write whose output schema accepts
 * `null` is recorded and answered with `null` without a handler; any other call without an
 * answer fails the test with a message naming the port operation.
 */
export function memoryPort<P extends AnyPort>(port: P, answers: FakeAnswers<P> = {}): MemoryAdapter<P> {
  const calls: FakeCall[] = [];
  const handlers: Record<string, (input?: unknown) => unknown> = {};
  for (const [name, operation] of Object.entries(port.operations)) {
    // Own answers only: for an operation named "toString" or "valueOf", `answers[name]` is
    // Object.prototype's method when none is given, and the fake answered with it.
    const answer = Object.hasOwn(answers, name) ? (answers as Record<string, unknown>)[name] : undefined;
    let queue = Array.isArray(answer) ? [...(answer as unknown[])] : undefined;
    handlers[name] = (...args: unknown[]) => {
      calls.push(operation.input === undefined ? { operation: operation.id } : { operation: operation.id, input: args[0] });
      if (typeof answer === "function") return (answer as (...a: unknown[]) => unknown)(...args);
      if (queue !== undefined) {
        if (queue.length === 0) throw new MissingFakeData(`memoryPort(${port.id}): ${operation.id} was called more often than the answers given`);
        const [next, ...rest] = queue;
        queue = rest;
        return next;
      }
      if (answer !== null && typeof answer === "object" && "always" in answer) return (answer as { always: unknown }).always;
      if (operation.kind === "write" && acceptsNull(operation)) return null;
      throw new MissingFakeData(`memoryPort(${port.id}): no handler or stored data for ${operation.id}; pass one in memoryPort(${port.id}, { ${name}: ... })`);
    };
  }
  const adapter = implementPort(port, handlers as never, { name: `memory:${port.id}` });
  return Object.freeze(Object.defineProperties(Object.create(adapter) as object, { calls: { value: calls, enumerable: true } })) as MemoryAdapter<P>;
}

function acceptsNull(operation: AnyPortOperation): boolean {
  const result = validate(operation.output, null);
  return !(result instanceof Promise) && result.ok;
}
