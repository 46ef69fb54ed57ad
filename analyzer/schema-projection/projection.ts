// What projecting a schema expression answers: its JSON Schema and printed types, or why not.
import type { ts } from "../project/ts-morph.js";
import { defineOwn, type Failure } from "./evaluate.js";
import type { TypeText } from "./type-text.js";

export type JsonObject = Record<string, unknown>;

/** A schema projected statically, exactly as `JSON.stringify` of the runtime value would print it. */
export interface Projected {
  readonly ok: true;
  readonly json: JsonObject;
  /** Made by `s.optional(...)`: the property may be absent in an `s.object`. */
  readonly optional: boolean;
  /** The parsed (output) TypeScript type the s.* builders give it, printed. */
  readonly output: TypeText;
  /** The type callers pass (readonly collections, brands plain), printed. */
  readonly input: TypeText;
}

/** A schema that is not projected: a foreign Standard Schema, or an `s.*` form not known statically. */
export interface NotProjected extends Failure {
  /** The package of a foreign schema (`zod`, `valibot`, ...), else undefined. */
  readonly vendor: string | undefined;
}

export type Projection = Projected | NotProjected;

export function notProjected(reason: string, node: ts.Node, vendor?: string): NotProjected {
  return { ok: false, reason, node, vendor };
}

/** Copies only the options given (the runtime's `keywords(options)`): undefined values are dropped. */
export function keywords(options: unknown): JsonObject {
  const out: JsonObject = {};
  if (options === undefined || options === null) return out;
  for (const [key, value] of Object.entries(options as JsonObject))
    if (value !== undefined) defineOwn(out, key, value);
  return out;
}
