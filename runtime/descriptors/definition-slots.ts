// Checks of the slots every define function shares. The TypeScript types already refuse these
// mistakes; plain JavaScript and casts reach here, and a slot refused now names itself, where a
// slot accepted broken would fail later, at dispatch, with an internal error.
import { isStandardSchema } from "../schema/create-schema.js";
import type { AnySchema } from "../schema/types.js";
import { describeValue, quoted, showValue } from "./descriptor-kind.js";
import { unknownKeyProblems } from "./known-keys.js";

/** A definition's own object; `where` is the function's name, e.g. `defineCommand`. */
export function definitionObject(definition: unknown, where: string): Record<string, unknown> {
  if (definition === null || typeof definition !== "object" || Array.isArray(definition)) {
    throw new TypeError(`${where}: the definition must be an object, got ${describeValue(definition)}`);
  }
  return definition as Record<string, unknown>;
}

/** The id every descriptor starts with; `where` is the function's name. */
export function definitionId(id: unknown, where: string): string {
  if (typeof id !== "string" || id === "") throw new TypeError(`${where}: id must be a non-empty string, got ${showValue(id)}`);
  return id;
}

/** Refuses a key the definition does not have (`effect` for `effects`); `name` names the definition. */
export function refuseUnknownKeys(definition: object, known: ReadonlySet<string>, name: string): void {
  const problems = unknownKeyProblems(definition, known, "key");
  if (problems.length > 0) throw new TypeError(`${name}: ${problems.join("; ")}`);
}

const jsonSchemaKeywords = ["type", "properties", "items", "anyOf", "oneOf", "enum", "const", "$schema", "$ref"];

/** A schema slot that must be filled: `where` names it, e.g. `defineCommand "x.y": input`. */
export function requiredSchema(value: unknown, where: string): AnySchema {
  if (isStandardSchema(value)) return value;
  const looksLikeJsonSchema = value !== null && typeof value === "object" && jsonSchemaKeywords.some((keyword) => Object.hasOwn(value, keyword));
  throw new TypeError(
    `${where} must be a schema (s.object(...) or a Standard Schema), got ${describeValue(value)}${
      looksLikeJsonSchema ? " (plain JSON Schema is not accepted: build it with s.*)" : ""
    }`,
  );
}

/** A schema slot that may be left out (a port operation's input). */
export function optionalSchema(value: unknown, where: string): AnySchema | undefined {
  return value === undefined ? undefined : requiredSchema(value, where);
}

/** Every value of a map of schemas (`errors`, a contract's `schemas`): `what` names one entry. */
export function requireSchemaValues(record: { readonly [key: string]: unknown }, where: string, what: string): void {
  for (const [key, value] of Object.entries(record)) requiredSchema(value, `${where}: ${what} ${quoted(key)}`);
}

/** An optional text slot (`description`). */
export function optionalText(value: unknown, where: string): string | undefined {
  if (value !== undefined && typeof value !== "string") throw new TypeError(`${where} must be a string, got ${showValue(value)}`);
  return value;
}
