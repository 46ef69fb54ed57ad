import type { ValidateFunction } from "ajv";
import { validatorFor } from "./ajv.js";
import { isAgentixSchema } from "./create-schema.js";
import { MAX_LISTED_ISSUES, boundIssues } from "./bounded-issues.js";
import { issuesFromStandard } from "./issues.js";
import type { AnySchema, SafeParseResult } from "./types.js";

/**
 * Validates with any Standard Schema. `s.*` schemas answer synchronously; a foreign validator
 * may answer with a promise (or any thenable), so callers that accept foreign schemas await the
 * result. A foreign validator that throws or rejects makes this throw or reject.
 */
export function validate(schema: AnySchema, value: unknown): SafeParseResult<unknown> | Promise<SafeParseResult<unknown>> {
  if (isAgentixSchema(schema)) return schema.safeParse(value);
  const result: unknown = schema["~standard"].validate(value);
  if (isThenable(result)) return Promise.resolve(result).then(fromStandardResult);
  return fromStandardResult(result);
}

/** A schema's validation as one function, for code that validates with the same schema often. */
export type Check = (value: unknown) => SafeParseResult<unknown> | Promise<SafeParseResult<unknown>>;

/**
 * The same answers as `validate(schema, value)`, without looking the schema up on every call:
 * an `s.*` schema's compiled validator is found on first use and kept (a valid value is
 * returned as it is, as `safeParse` does; a failing one gets `safeParse`'s issues).
 */
export function checkOf(schema: AnySchema): Check {
  if (!isAgentixSchema(schema)) return (value) => validate(schema, value);
  let decide: ValidateFunction | undefined;
  return (value) => {
    decide ??= validatorFor(schema);
    return decide(value) ? { ok: true, value } : schema.safeParse(value);
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value instanceof Promise || (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function");
}

/** Synchronous validation; refuses validators that only answer asynchronously. */
export function validateSync(schema: AnySchema, value: unknown, where: string): SafeParseResult<unknown> {
  const result = validate(schema, value);
  if (result instanceof Promise) {
    throw new TypeError(`${where}: the schema validates asynchronously; use an s.* schema or a synchronous validator here`);
  }
  return result;
}

function fromStandardResult(result: unknown): SafeParseResult<unknown> {
  if (result === null || typeof result !== "object") {
    throw new TypeError(`a Standard Schema validator answered ${result === null ? "null" : typeof result} instead of a result object`);
  }
  const { issues, value } = result as { readonly value?: unknown; readonly issues?: unknown };
  if (issues === undefined) return { ok: true, value };
  if (!Array.isArray(issues)) throw new TypeError("a Standard Schema validator answered issues that are not an array");
  // A validator may answer an empty list for a failure; it still failed.
  return { ok: false, ...boundIssues(issuesFromStandard(issues.slice(0, MAX_LISTED_ISSUES)), issues.length) };
}
