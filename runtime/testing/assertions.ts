import { AssertionError, deepStrictEqual } from "node:assert";
import type { AnyOperation } from "../descriptors/operation.js";
import type { OperationRun } from "./harness.js";

type Run = Pick<OperationRun<AnyOperation>, "operation" | "trace">;

/** The port operation ids the run called, in order: `assertEffects(run, ["ids.next", "customers.store.save"])`. */
export function assertEffects(run: Run, expected: readonly string[]): void {
  const actual = run.trace.effects.map((call) => call.operation);
  deepStrictEqual(actual, [...expected], `${run.operation} called ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

/** No effect ran at all (e.g. after a denied principal or invalid input). */
export function assertNoEffects(run: Run): void {
  if (run.trace.effects.length > 0) {
    throw new AssertionError({
      message: `${run.operation} called ${run.trace.effects.map((call) => call.operation).join(", ")}, expected no effect calls`,
      actual: run.trace.effects,
      expected: [],
      operator: "assertNoEffects",
    });
  }
}

export interface ExpectedEvent {
  readonly event: string;
  readonly payload: unknown;
  readonly version?: number;
}

/** The events emitted, in order, with their payloads (and versions where given). */
export function assertEvents(run: Run, expected: readonly ExpectedEvent[]): void {
  const actual = run.trace.events.map((emitted, index) =>
    expected[index]?.version === undefined ? { event: emitted.event, payload: emitted.payload } : emitted,
  );
  const wanted = expected.map((event) => (event.version === undefined ? { event: event.event, payload: event.payload } : event));
  deepStrictEqual(actual, wanted, `${run.operation} emitted ${JSON.stringify(actual.map((e) => e.event))}, expected ${JSON.stringify(wanted.map((e) => e.event))}`);
}
