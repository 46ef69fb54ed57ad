import { isAgentixSchema } from "./create-schema.js";
import { issuesFromStandard } from "./issues.js";
import type { AnySchema, SafeParseResult } from "./types.js";

/**
 * Validates with any Standard Schema. `s.*` schemas answer synchronously; a foreign validator
 * may answer with a promise, so callers that accept foreign schemas await the result.
 */
export function validate(schema: AnySchema, value: unknown): SafeParseResult<unknown> | Promise<SafeParseResult<unknown>> {
  if (isAgentixSchema(schema)) return schema.safeParse(value);
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) return result.then(fromStandardResult);
  return fromStandardResult(result);
}

/** Synchronous validation; refuses validators that only answer asynchronously. */
export function validateSync(schema: AnySchema, value: unknown, where: string): SafeParseResult<unknown> {
  const result = validate(schema, value);
  if (result instanceof Promise) {
    throw new TypeError(`${where}: the schema validates asynchronously; use an s.* schema or a synchronous validator here`);
  }
  return result;
}

function fromStandardResult(result: { readonly value?: unknown; readonly issues?: readonly { message: string }[] | undefined }): SafeParseResult<unknown> {
  if (result.issues) return { ok: false, issues: issuesFromStandard(result.issues) };
  return { ok: true, value: result.value };
}
