import type { ValidateFunction } from "ajv";
import { describeAjvErrors, precompiledValidator } from "../../schema/ajv.js";
import indexSchema from "../../schema/index.v1.schema.json" with { type: "json" };
import type { AgentixIndex } from "./types.js";

let validateIndex: ValidateFunction | undefined;

/** The validator of schema/index.v1.schema.json (precompiled by the build, else compiled once). */
export function indexValidator(): ValidateFunction {
  validateIndex ??= precompiledValidator("index.v1", indexSchema);
  return validateIndex;
}

/** An index that breaks its own schema: an analyzer bug, never the user's. */
export class InvalidIndexError extends Error {
  override readonly name = "InvalidIndexError";
  constructor(readonly problems: readonly string[]) {
    super(
      `the index does not match schema/index.v1.schema.json:\n${problems
        .slice(0, 20)
        .map((p) => `  ${p}`)
        .join("\n")}`,
    );
  }
}

/** Validates an index value against the published schema; returns the problems (empty when valid). */
export function indexProblems(value: unknown): string[] {
  const validate = indexValidator();
  return validate(value) ? [] : describeAjvErrors(validate.errors);
}

/** Throws InvalidIndexError unless the value is a valid version-1 index. */
export function assertValidIndex(value: unknown): asserts value is AgentixIndex {
  const problems = indexProblems(value);
  if (problems.length > 0) throw new InvalidIndexError(problems);
}
