import type { Arbitrary } from "fast-check";
import type { AnyAdapter } from "../../descriptors/adapter.js";
import type { AnyOperation, InputOf, Principal } from "../../descriptors/operation.js";
import { runWithHarness, type HarnessOptions, type OperationRun } from "../harness.js";
import { arbitraryOf } from "./arbitrary.js";
import { fc } from "./fast-check.js";
import { parametersOf, throwOnFailure, type PropertyOptions } from "./property-failure.js";

type MaybePromise<T> = T | Promise<T>;

export interface CheckOperationOptions<Op extends AnyOperation> extends PropertyOptions {
  /**
   * The adapters of every port the operation uses. A function makes fresh ones for every run
   * (fakes that keep state), so each run, and each replay of a shrunk one, starts alike.
   */
  readonly adapters: readonly AnyAdapter[] | (() => MaybePromise<readonly AnyAdapter[]>);
  /** Holds for every run: return `false` or throw (an `expect`) when it does not. */
  readonly property: (run: OperationRun<Op>) => MaybePromise<boolean | void>;
  /** The inputs to try. Default: `arbitrary(operation.input)`, valid inputs only. */
  readonly input?: Arbitrary<InputOf<Op>>;
  /** As in testCommand: the test principal holds exactly these permissions. */
  readonly permissions?: readonly string[];
  readonly principal?: Principal | null;
}

/**
 * Runs the operation through the real dispatch sequence (as testCommand does) for generated
 * inputs and asserts a property of every run, e.g. "never a DEFECT" or "a success preserves
 * the invariant"; throws a PropertyCheckFailure with the shrunk input when one breaks it.
 * It takes the operation itself, as testCommand does: the test names exactly what it checks.
 */
export async function checkOperation<Op extends AnyOperation>(operation: Op, options: CheckOperationOptions<Op>): Promise<void> {
  if (operation === null || typeof operation !== "object" || (operation.kind !== "command" && operation.kind !== "query")) {
    throw new TypeError("checkOperation: expected an operation from defineCommand(...) or defineQuery(...)");
  }
  const subject = `checkOperation(${operation.id})`;
  if (typeof options?.property !== "function") throw new TypeError(`${subject}: property must be a function of the run`);
  if (typeof options.adapters !== "function" && !Array.isArray(options.adapters)) {
    throw new TypeError(`${subject}: adapters must be an array of adapters or a function that makes them`);
  }
  const inputs =
    options.input ??
    arbitraryOf(operation.input, `${subject}: the input schema`, `give an arbitrary yourself: checkOperation(${operation.id}, { input: <fast-check arbitrary>, ... })`);
  const details = await fc.check(
    fc.asyncProperty(inputs, async (input) => {
      const adapters = typeof options.adapters === "function" ? await options.adapters() : options.adapters;
      const run = await runWithHarness(operation, harnessOptions(input as InputOf<Op>, adapters, options));
      if ((await options.property(run)) === false) throw new Error(`the property returned false for the outcome ${fc.stringify(run.outcome)}`);
    }),
    parametersOf(options),
  );
  throwOnFailure(details, subject, "the property fails for this input");
}

function harnessOptions<Op extends AnyOperation>(input: InputOf<Op>, adapters: readonly AnyAdapter[], options: CheckOperationOptions<Op>): HarnessOptions<Op> {
  return {
    input,
    adapters,
    ...(options.permissions === undefined ? {} : { permissions: options.permissions }),
    ...(options.principal === undefined ? {} : { principal: options.principal }),
  };
}
