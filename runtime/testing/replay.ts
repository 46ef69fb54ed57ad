import { deepStrictEqual } from "node:assert";
import type { AnyOperation } from "../descriptors/operation.js";
import type { Handler } from "../application/bind-adapters.js";
import { SchemaValidationError } from "../schema/create-schema.js";
import { formatIssues } from "../schema/issues.js";
import { runWithHandlers, type OperationRun } from "./harness.js";
import { MissingFakeData } from "./missing-fake-data.js";
import { TraceRecording } from "./trace-recording.js";

/** A run as plain data: the input, every effect answer, the events and the outcome. */
export function recordTrace(run: OperationRun<AnyOperation>): TraceRecording {
  const { ok } = run.outcome;
  const outcome = ok ? { ok, value: run.outcome.value } : { ok, error: run.outcome.error };
  const where = `recordTrace(${run.operation})`;
  let text: string;
  try {
    // An undefined input, value or payload is left out, as JSON leaves out any undefined key.
    text = JSON.stringify({
      schemaVersion: 1,
      operation: run.operation,
      input: run.input,
      principal: run.principal,
      effects: run.trace.effects,
      events: run.trace.events,
      outcome,
    });
  } catch (error) {
    // A BigInt, a cycle, a toJSON that throws: JSON cannot hold the run, so neither can a recording.
    throw new TypeError(`${where}: the run cannot be recorded as JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const recording = TraceRecording.safeParse(JSON.parse(text));
  if (!recording.ok) throw new TypeError(`${where}: the run does not fit a trace recording: ${formatIssues(recording.issues)}`);
  return recording.value;
}

/**
 * Runs the operation again, answering every effect from the recording, and asserts that it
 * makes the same effect calls with the same inputs, emits the same events and returns the
 * same outcome. Returns the new run.
 */
export async function replayTrace<Op extends AnyOperation>(operation: Op, recording: unknown): Promise<OperationRun<Op>> {
  const parsed = TraceRecording.safeParse(recording);
  if (!parsed.ok) throw new SchemaValidationError(parsed.issues);
  const recorded = parsed.value;
  if (recorded.operation !== operation.id) {
    throw new TypeError(`replayTrace: the recording is of ${recorded.operation}, not ${operation.id}`);
  }
  let position = 0;
  const handlers = new Map<string, Handler>();
  for (const effect of Object.values(operation.effects)) {
    handlers.set(effect.id, (input?: unknown) => {
      const expected = recorded.effects[position];
      const index = position++;
      if (expected === undefined) throw new MissingFakeData(`replay of ${operation.id}: effect call #${index + 1} (${effect.id}) was not in the recording`);
      if (expected.operation !== effect.id) {
        throw new MissingFakeData(`replay of ${operation.id}: effect call #${index + 1} is ${effect.id}, the recording has ${expected.operation}`);
      }
      deepStrictEqual(normalize(input), expected.input, `replay of ${operation.id}: effect call #${index + 1} (${effect.id}) got different input`);
      if (expected.fault !== undefined) throw new Error(`replayed fault of ${effect.id}`);
      return expected.output;
    });
  }
  const run = await runWithHandlers(operation, recorded.input, recorded.principal, handlers);
  const again = recordTrace(run);
  deepStrictEqual(again.effects, recorded.effects, `replay of ${operation.id}: the effect calls differ from the recording`);
  deepStrictEqual(again.events, recorded.events, `replay of ${operation.id}: the events differ from the recording`);
  deepStrictEqual(again.outcome, recorded.outcome, `replay of ${operation.id}: the outcome differs from the recording`);
  return run;
}

function normalize(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
