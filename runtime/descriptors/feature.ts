import type { Contract } from "./contract.js";
import { describeValue, kindOf, listOrEmpty, tag } from "./descriptor-kind.js";
import { definitionId, definitionObject, optionalText, refuseUnknownKeys } from "./definition-slots.js";
import type { AnyInvariant } from "./invariant.js";
import type { AnyOperation } from "./operation.js";

export interface Feature<Id extends string = string, Ops extends readonly AnyOperation[] = readonly AnyOperation[]> {
  readonly id: Id;
  readonly contract: Contract;
  /** The other features' contracts this feature uses. */
  readonly dependencies: readonly Contract[];
  readonly operations: Ops;
  readonly invariants: readonly AnyInvariant[];
  readonly description: string | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFeature = Feature<string, readonly any[]>;

const featureKeys: ReadonlySet<string> = new Set(["id", "contract", "dependencies", "operations", "invariants", "description"]);

export function defineFeature<Id extends string, Ops extends readonly AnyOperation[]>(given: {
  readonly id: Id;
  readonly contract: Contract;
  readonly dependencies?: readonly Contract[];
  readonly operations: Ops;
  readonly invariants?: readonly AnyInvariant[];
  readonly description?: string;
}): Feature<Id, Ops> {
  const definition = definitionObject(given, "defineFeature") as unknown as typeof given;
  const name = `defineFeature "${definitionId(definition.id, "defineFeature")}"`;
  refuseUnknownKeys(definition, featureKeys, name);
  if (kindOf(definition.contract) !== "contract") throw new TypeError(`${name}: contract must be a defineContract(...), got ${describeValue(definition.contract)}`);
  // Index loops, so a hole in an array is refused rather than skipped.
  const dependencies = listOrEmpty(definition.dependencies, `${name}: dependencies`);
  for (let index = 0; index < dependencies.length; index++) {
    const dependency = dependencies[index];
    if (kindOf(dependency) !== "contract") throw new TypeError(`${name}: dependencies[${index}] must be a contract, got ${describeValue(dependency)}`);
  }
  if (!Array.isArray(definition.operations)) throw new TypeError(`${name}: operations must be an array, got ${describeValue(definition.operations)}`);
  for (let index = 0; index < definition.operations.length; index++) {
    const kind = kindOf(definition.operations[index]);
    if (kind !== "command" && kind !== "query") {
      throw new TypeError(`${name}: operations[${index}] must be a command or query, got ${describeValue(definition.operations[index])}`);
    }
  }
  const invariants = listOrEmpty(definition.invariants, `${name}: invariants`);
  for (let index = 0; index < invariants.length; index++) {
    const invariant = invariants[index];
    if (kindOf(invariant) !== "invariant") throw new TypeError(`${name}: invariants[${index}] must be an invariant, got ${describeValue(invariant)}`);
  }
  return tag("feature", {
    id: definition.id,
    contract: definition.contract,
    dependencies: Object.freeze([...dependencies]),
    operations: Object.freeze([...definition.operations]) as unknown as Ops,
    invariants: Object.freeze([...invariants]),
    description: optionalText(definition.description, `${name}: description`),
  });
}
