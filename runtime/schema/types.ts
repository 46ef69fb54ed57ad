import type { StandardSchemaV1 } from "@standard-schema/spec";

/** Any Standard Schema V1 validator: an `s.*` schema, or one from zod, valibot, arktype, ... */
export type AnySchema = StandardSchemaV1<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What callers pass (brands are plain here). */
export type Input<S extends AnySchema> = StandardSchemaV1.InferInput<S>;
/** What parsing produces (brands applied). */
export type Output<S extends AnySchema> = StandardSchemaV1.InferOutput<S>;
/** The parsed (output) type of a schema. */
export type Infer<S extends AnySchema> = Output<S>;

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
/** A plain JSON Schema 2020-12 object. */
export type JsonSchema = { readonly [keyword: string]: JsonValue };

/** Stable, documented issue codes. They are part of the public API. */
export type IssueCode =
  | "invalid_type"
  | "missing_property"
  | "unknown_property"
  | "too_small"
  | "too_big"
  | "invalid_pattern"
  | "invalid_format"
  | "invalid_value"
  | "not_multiple_of"
  | "not_unique"
  | "no_union_match"
  | "invalid";

export interface Issue {
  readonly code: IssueCode;
  /** JSON pointer (RFC 6901) to the offending value; `""` is the value itself. */
  readonly path: string;
  readonly message: string;
}

export type SafeParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      /** At most 50 issues, in the order found; long paths and messages are cut. */
      readonly issues: readonly Issue[];
      /** How many further issues were found and not listed; absent when there were none. */
      readonly omittedIssues?: number;
    };

/**
 * An agentix schema: a frozen JSON Schema 2020-12 object. `parse`, `safeParse` and
 * `~standard` are non-enumerable, so `JSON.stringify(schema)` is pure JSON Schema.
 */
export interface Schema<Out = unknown, In = Out> extends StandardSchemaV1<In, Out> {
  parse(value: unknown): Out;
  safeParse(value: unknown): SafeParseResult<Out>;
}

declare const optionalMark: unique symbol;
/** A schema that may be absent when used as an `s.object` property. */
export interface OptionalSchema<Out = unknown, In = Out> extends Schema<Out | undefined, In | undefined> {
  readonly [optionalMark]: true;
}

declare const brandMark: unique symbol;
/** A nominal marker: `string & Brand<"CustomerId">` is not assignable from a plain string. */
export interface Brand<Name extends string> {
  readonly [brandMark]: Name;
}

/** Keys of an object shape whose schema was wrapped in `s.optional`. */
export type OptionalKeys<Shape> = {
  [K in keyof Shape]: Shape[K] extends { readonly [optionalMark]: true } ? K : never;
}[keyof Shape];

/**
 * Whether any schema of an object shape was wrapped in `s.optional`. Most shapes have none, and
 * for them `s.object` maps the shape in one pass instead of splitting its keys (type-check cost).
 */
export type HasOptionalKeys<Shape> = [Extract<Shape[keyof Shape], { readonly [optionalMark]: true }>] extends [never] ? false : true;
