import type { ValidateFunction } from "ajv";
import { describeAjvErrors, precompiledValidator } from "../../schema/ajv.js";
import indexSchema from "../../schema/index.v2.schema.json" with { type: "json" };
import { InvalidIndexError } from "../errors.js";
import type { AgentixIndex } from "./types.js";

let validateIndex: ValidateFunction | undefined;

/** The validator of schema/index.v2.schema.json (precompiled by the build, else compiled once). */
export function indexValidator(): ValidateFunction {
  validateIndex ??= precompiledValidator("index.v2", indexSchema);
  return validateIndex;
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
