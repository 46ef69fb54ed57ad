import type { Arbitrary } from "fast-check";
import { assertInvariant, type Invariant } from "../../descriptors/invariant.js";
import type { AnySchema, Input } from "../../schema/types.js";
import { arbitraryOf } from "./arbitrary.js";
import { fc } from "./fast-check.js";
import { parametersOf, throwOnFailure, type PropertyOptions } from "./property-failure.js";

export interface CheckInvariantOptions<Evidence extends AnySchema> extends PropertyOptions {
  /**
   * The evidence to try, when not every value of the evidence schema should satisfy the
   * invariant (usually: evidence built the way the operations build it). Default:
   * `arbitrary(invariant.evidence)`.
   */
  readonly evidence?: Arbitrary<Input<Evidence>>;
}

/**
 * Runs the invariant's check over generated evidence, as `assertInvariant` does, and throws a
 * PropertyCheckFailure with the shrunk counterexample when it does not hold. It takes the
 * invariant itself, as testCommand takes the operation: the test names exactly what it checks.
 */
export function checkInvariant<Evidence extends AnySchema>(invariant: Invariant<string, Evidence>, options: CheckInvariantOptions<Evidence> = {}): void {
  if (invariant === null || typeof invariant !== "object" || typeof invariant.check !== "function" || typeof invariant.id !== "string") {
    throw new TypeError("checkInvariant: expected an invariant from defineInvariant(...)");
  }
  const subject = `checkInvariant(${invariant.id})`;
  const evidence =
    options.evidence ??
    arbitraryOf(invariant.evidence, `${subject}: the evidence schema`, `give an arbitrary yourself: checkInvariant(${invariant.id}, { evidence: <fast-check arbitrary> })`);
  const details = fc.check(
    fc.property(evidence, (value) => assertInvariant(invariant, value as Input<Evidence>)),
    parametersOf(options),
  );
  throwOnFailure(details, subject, "does not hold for this evidence");
}
