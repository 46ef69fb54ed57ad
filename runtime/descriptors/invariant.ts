import type { AnySchema, Input, Output } from "../schema/types.js";
import { validateSync } from "../schema/validate.js";
import { formatIssues } from "../schema/issues.js";
import type { Contract } from "./contract.js";
import { describeValue, kindOf, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys, requiredSchema } from "./definition-slots.js";

export interface Invariant<Id extends string = string, Evidence extends AnySchema = AnySchema> {
  readonly id: Id;
  /** The contracts whose data the evidence is made of. */
  readonly dependsOn: readonly Contract[];
  readonly evidence: Evidence;
  readonly check: (evidence: Output<Evidence>) => boolean;
  readonly description: string | undefined;
}

/** Any invariant, whatever its evidence (the check's parameter is contravariant). */
export interface AnyInvariant {
  readonly id: string;
  readonly dependsOn: readonly Contract[];
  readonly evidence: AnySchema;
  readonly check: (evidence: never) => boolean;
  readonly description: string | undefined;
}

const invariantKeys: ReadonlySet<string> = new Set(["id", "dependsOn", "evidence", "check", "description"]);

export function defineInvariant<Id extends string, Evidence extends AnySchema>(given: {
  readonly id: Id;
  readonly dependsOn: readonly Contract[];
  readonly evidence: Evidence;
  readonly check: (evidence: Output<Evidence>) => boolean;
  readonly description?: string;
}): Invariant<Id, Evidence> {
  const definition = definitionObject(given, "defineInvariant") as unknown as typeof given;
  const name = `defineInvariant "${definitionId(definition.id, "defineInvariant")}"`;
  refuseUnknownKeys(definition, invariantKeys, name);
  const evidence = requiredSchema(definition.evidence, `${name}: evidence`) as Evidence;
  if (typeof definition.check !== "function") throw new TypeError(`${name}: check must be a function, got ${describeValue(definition.check)}`);
  if (!Array.isArray(definition.dependsOn)) throw new TypeError(`${name}: dependsOn must be an array of contracts, got ${describeValue(definition.dependsOn)}`);
  for (let index = 0; index < definition.dependsOn.length; index++) {
    const contract = definition.dependsOn[index];
    if (kindOf(contract) !== "contract") throw new TypeError(`${name}: dependsOn[${index}] must be a contract, got ${describeValue(contract)}`);
  }
  return tag("invariant", {
    id: definition.id,
    dependsOn: Object.freeze([...definition.dependsOn]),
    evidence,
    check: definition.check,
    description: optionalText(definition.description, `${name}: description`),
  });
}

/** Thrown by `assertInvariant`; dispatch turns it into a `DEFECT` naming the invariant. */
export class InvariantViolation extends Error {
  override readonly name = "InvariantViolation";
  constructor(
    readonly invariant: string,
    readonly reason: "evidence" | "check",
    detail: string,
  ) {
    super(`invariant "${invariant}" ${reason === "check" ? "does not hold" : `got invalid evidence: ${detail}`}`);
  }
}

/**
 * Checks an invariant where an operation promises to preserve it (and in tests).
 * Invariants never run behind the code's back: this call is the only place they run.
 */
export function assertInvariant<Evidence extends AnySchema>(invariant: Invariant<string, Evidence>, evidence: Input<Evidence>): void {
  const parsed = validateSync(invariant.evidence, evidence, `invariant "${invariant.id}" evidence`);
  if (!parsed.ok) throw new InvariantViolation(invariant.id, "evidence", formatIssues(parsed.issues));
  if (invariant.check(parsed.value as Output<Evidence>) !== true) throw new InvariantViolation(invariant.id, "check", "");
}
