import type { StandardSchemaV1 } from "@standard-schema/spec";
import { collectingValidatorFor, validatorFor } from "./ajv.js";
import { MAX_NODES_FOR_EVERY_ISSUE, boundIssues, hasAtMostNodes } from "./bounded-issues.js";
import { formatIssues, issuesFromAjv, pointerToPath } from "./issues.js";
import type { Issue, SafeParseResult, Schema } from "./types.js";

/** Marks schemas built by `s.*`, so builders can refuse foreign ones and dispatch can skip `await`. */
export const AGENTIX_SCHEMA: unique symbol = Symbol.for("agentix.schema");
/** Marks `s.optional(...)` results. */
export const OPTIONAL: unique symbol = Symbol.for("agentix.schema.optional");

export class SchemaValidationError extends Error {
  override readonly name = "SchemaValidationError";
  constructor(
    readonly issues: readonly Issue[],
    /** Issues found beyond the listed ones. */
    readonly omittedIssues = 0,
  ) {
    super(`Invalid value: ${formatIssues(issues)}${omittedIssues > 0 ? ` (and ${omittedIssues} more)` : ""}`);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/**
 * Validity is decided by a validator that stops at the first error. Only a failing value small
 * enough to be cheap is validated again to list every issue (at most 50 of them are kept).
 */
function safeParseWith(schema: object, value: unknown): SafeParseResult<unknown> {
  const validate = validatorFor(schema);
  if (validate(value)) return { ok: true, value };
  let errors = validate.errors ?? [];
  if (hasAtMostNodes(value, MAX_NODES_FOR_EVERY_ISSUE)) {
    const collect = collectingValidatorFor(schema);
    if (!collect(value)) errors = collect.errors ?? errors;
  }
  return { ok: false, ...boundIssues(issuesFromAjv(errors)) };
}

/**
 * Turns a JSON Schema object into a frozen agentix schema: the keywords stay enumerable,
 * the methods do not. `extra` adds further non-enumerable markers.
 */
export function createSchema<Out, In = Out>(
  json: Record<string, unknown>,
  extra: Record<PropertyKey, unknown> = {},
): Schema<Out, In> {
  const schema = json;
  const standard: StandardSchemaV1.Props<In, Out> & { jsonSchema: unknown } = {
    version: 1,
    vendor: "agentix",
    validate(value) {
      const result = safeParseWith(schema, value);
      if (result.ok) return { value: result.value as Out };
      return {
        issues: result.issues.map((issue) => ({ message: issue.message, path: pointerToPath(issue.path, value) })),
      };
    },
    // Standard JSON Schema V1: our schemas already are JSON Schema 2020-12.
    jsonSchema: {
      input: (options: { target: string }) => toJsonSchema(schema, options.target),
      output: (options: { target: string }) => toJsonSchema(schema, options.target),
    },
  };
  const hidden: PropertyDescriptorMap = {
    [AGENTIX_SCHEMA]: { value: true },
    "~standard": { value: Object.freeze(standard) },
    safeParse: { value: (value: unknown) => safeParseWith(schema, value) },
    parse: {
      value: (value: unknown) => {
        const result = safeParseWith(schema, value);
        if (!result.ok) throw new SchemaValidationError(result.issues, result.omittedIssues);
        return result.value;
      },
    },
  };
  for (const key of Reflect.ownKeys(extra)) hidden[key] = { value: extra[key] };
  Object.defineProperties(schema, hidden);
  return deepFreeze(schema) as unknown as Schema<Out, In>;
}

function toJsonSchema(schema: object, target: string): Record<string, unknown> {
  if (target !== "draft-2020-12") {
    throw new Error(`agentix schemas are JSON Schema draft-2020-12; target "${target}" is not supported`);
  }
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

export function isAgentixSchema(value: unknown): value is Schema<unknown, unknown> {
  return value !== null && typeof value === "object" && (value as Record<symbol, unknown>)[AGENTIX_SCHEMA] === true;
}

export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const standard = (value as Record<string, unknown>)["~standard"];
  return (
    standard !== null &&
    typeof standard === "object" &&
    (standard as { version?: unknown }).version === 1 &&
    typeof (standard as { validate?: unknown }).validate === "function"
  );
}
