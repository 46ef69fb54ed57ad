import { AGENTIX_SCHEMA, OPTIONAL, createSchema, isAgentixSchema } from "./create-schema.js";
import type { Brand, HasOptionalKeys, Input, OptionalKeys, OptionalSchema, Output, Schema } from "./types.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAgentixSchema = Schema<any, any>;

interface Annotations {
  readonly title?: string;
  readonly description?: string;
}

export interface StringOptions extends Annotations {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** Enforced (ajv-formats): `date-time`, `email`, `uuid`, `uri`, ... */
  readonly format?: string;
}

export interface NumberOptions extends Annotations {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

export interface ArrayOptions extends Annotations {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface RecordOptions extends Annotations {
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

export type Shape = { readonly [key: string]: AnyAgentixSchema };

type Prettify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<Sh extends Shape> = Exclude<keyof Sh, OptionalKeys<Sh>>;

// A shape without optional properties (the common case) maps in one homomorphic pass; splitting
// the keys into required and optional ones costs several times more to type-check.
export type ObjectOutput<Sh extends Shape> =
  HasOptionalKeys<Sh> extends false
    ? { -readonly [K in keyof Sh]: Output<Sh[K]> }
    : Prettify<
        { -readonly [K in RequiredKeys<Sh>]: Output<Sh[K]> } & {
          -readonly [K in OptionalKeys<Sh>]?: Exclude<Output<Sh[K]>, undefined>;
        }
      >;
export type ObjectInput<Sh extends Shape> =
  HasOptionalKeys<Sh> extends false
    ? { readonly [K in keyof Sh]: Input<Sh[K]> }
    : Prettify<
        { readonly [K in RequiredKeys<Sh>]: Input<Sh[K]> } & {
          readonly [K in OptionalKeys<Sh>]?: Exclude<Input<Sh[K]>, undefined>;
        }
      >;

function requireAgentixSchema(value: unknown, where: string): void {
  if (!isAgentixSchema(value)) {
    throw new TypeError(
      `${where} must be an s.* schema (s.* builders compose only s.* schemas; a foreign Standard Schema can be used directly in a descriptor slot)`,
    );
  }
}

/** Copies only the options that were given, so the JSON has no `undefined` keywords. */
function keywords(options: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options ?? {})) if (value !== undefined) out[key] = value;
  return out;
}

function string(options?: StringOptions): Schema<string> {
  return createSchema({ type: "string", ...keywords(options) });
}

function number(options?: NumberOptions): Schema<number> {
  return createSchema({ type: "number", ...keywords(options) });
}

function integer(options?: NumberOptions): Schema<number> {
  return createSchema({ type: "integer", ...keywords(options) });
}

function boolean(options?: Annotations): Schema<boolean> {
  return createSchema({ type: "boolean", ...keywords(options) });
}

function literal<V extends string | number | boolean | null>(value: V, options?: Annotations): Schema<V> {
  return createSchema({ const: value, ...keywords(options) });
}

function enumOf<const V extends readonly [string, ...string[]] | readonly [number, ...number[]]>(
  values: V,
  options?: Annotations,
): Schema<V[number]> {
  if (values.length === 0) throw new TypeError("s.enum needs at least one value");
  return createSchema({ enum: [...values], ...keywords(options) });
}

// Inputs are readonly (callers may pass `as const` data); parsed outputs are plain, mutable data.
function array<S extends AnyAgentixSchema>(items: S, options?: ArrayOptions): Schema<Output<S>[], readonly Input<S>[]> {
  requireAgentixSchema(items, "s.array items");
  return createSchema({ type: "array", items, ...keywords(options) });
}

/** A closed object: unknown keys are rejected. Mark optional properties with `s.optional`. */
function object<Sh extends Shape>(shape: Sh, options?: Annotations): Schema<ObjectOutput<Sh>, ObjectInput<Sh>> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    requireAgentixSchema(value, `s.object property "${key}"`);
    properties[key] = value;
    if ((value as unknown as Record<symbol, unknown>)[OPTIONAL] !== true) required.push(key);
  }
  return createSchema({
    type: "object",
    ...keywords(options),
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  });
}

/** A map from string keys to values of one schema. */
function record<S extends AnyAgentixSchema>(
  values: S,
  options?: RecordOptions,
): Schema<Record<string, Output<S>>, Readonly<Record<string, Input<S>>>> {
  requireAgentixSchema(values, "s.record values");
  return createSchema({ type: "object", ...keywords(options), additionalProperties: values });
}

/** A property that may be absent. Only meaningful as an `s.object` property. */
function optional<S extends AnyAgentixSchema>(schema: S): OptionalSchema<Output<S>, Input<S>> {
  requireAgentixSchema(schema, "s.optional");
  const json = { ...(schema as object) } as Record<string, unknown>;
  return createSchema(json, { [OPTIONAL]: true }) as unknown as OptionalSchema<Output<S>, Input<S>>;
}

function union<Members extends readonly [AnyAgentixSchema, ...AnyAgentixSchema[]]>(
  members: Members,
  options?: Annotations,
): Schema<Output<Members[number]>, Input<Members[number]>> {
  members.forEach((member, index) => requireAgentixSchema(member, `s.union member ${index}`));
  return createSchema({ ...keywords(options), anyOf: [...members] });
}

/**
 * A nominal type over a schema: parsing yields `T & Brand<Name>`, callers still pass plain `T`.
 * The brand name becomes the JSON Schema `title`.
 */
function brand<Name extends string, S extends AnyAgentixSchema>(
  name: Name,
  schema: S,
): Schema<Output<S> & Brand<Name>, Input<S>> {
  requireAgentixSchema(schema, "s.brand");
  return createSchema({ ...(schema as object), title: name }, { brand: name });
}

/** Any JSON value. */
function unknown(options?: Annotations): Schema<unknown> {
  return createSchema({ ...keywords(options) });
}

/** The schema builder. Every result is a frozen JSON Schema 2020-12 object. */
export const s = Object.freeze({
  string,
  number,
  integer,
  boolean,
  literal,
  enum: enumOf,
  array,
  object,
  record,
  optional,
  union,
  brand,
  unknown,
});

export { AGENTIX_SCHEMA };
