import { showValue } from "../descriptors/descriptor-kind.js";
import { AGENTIX_SCHEMA, OPTIONAL, createSchema, isAgentixSchema } from "./create-schema.js";
import { ANNOTATION_OPTIONS, ARRAY_OPTIONS, NUMBER_OPTIONS, RECORD_OPTIONS, STRING_OPTIONS, withOptions } from "./options.js";
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

function string(options?: StringOptions): Schema<string> {
  return createSchema(withOptions("s.string", STRING_OPTIONS, options, { type: "string" }));
}

function number(options?: NumberOptions): Schema<number> {
  return createSchema(withOptions("s.number", NUMBER_OPTIONS, options, { type: "number" }));
}

function integer(options?: NumberOptions): Schema<number> {
  return createSchema(withOptions("s.integer", NUMBER_OPTIONS, options, { type: "integer" }));
}

function boolean(options?: Annotations): Schema<boolean> {
  return createSchema(withOptions("s.boolean", ANNOTATION_OPTIONS, options, { type: "boolean" }));
}

function literal<V extends string | number | boolean | null>(value: V, options?: Annotations): Schema<V> {
  if (!isJsonScalar(value)) throw new TypeError(`s.literal: value must be a string, a finite number, a boolean or null, got ${showValue(value)}`);
  return createSchema(withOptions("s.literal", ANNOTATION_OPTIONS, options, { const: value }));
}

/** What `const` and `enum` may hold and JSON keeps as it is (JSON writes NaN as null). */
function isJsonScalar(value: unknown): boolean {
  return value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);
}

function enumOf<const V extends readonly [string, ...string[]] | readonly [number, ...number[]]>(
  values: V,
  options?: Annotations,
): Schema<V[number]> {
  if (!Array.isArray(values) || values.length === 0) {
    throw new TypeError(`s.enum: values must be a non-empty array of strings or numbers, got ${showValue(values)}`);
  }
  // An index loop, so a hole in the array is refused rather than skipped.
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index];
    if (typeof value !== "string" && !Number.isFinite(value)) {
      throw new TypeError(`s.enum: values[${index}] must be a string or a finite number, got ${showValue(value)}`);
    }
  }
  return createSchema(withOptions("s.enum", ANNOTATION_OPTIONS, options, { enum: [...values] }));
}

// Inputs are readonly (callers may pass `as const` data); parsed outputs are plain, mutable data.
function array<S extends AnyAgentixSchema>(items: S, options?: ArrayOptions): Schema<Output<S>[], readonly Input<S>[]> {
  requireAgentixSchema(items, "s.array items");
  return createSchema(withOptions("s.array", ARRAY_OPTIONS, options, { type: "array", items }));
}

/** A closed object: unknown keys are rejected. Mark optional properties with `s.optional`. */
function object<Sh extends Shape>(shape: Sh, options?: Annotations): Schema<ObjectOutput<Sh>, ObjectInput<Sh>> {
  if (shape === null || typeof shape !== "object" || Array.isArray(shape)) {
    throw new TypeError(`s.object: shape must be an object of s.* schemas, got ${showValue(shape)}`);
  }
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    requireAgentixSchema(value, `s.object property "${key}"`);
    // A shape built from parsed JSON may hold "__proto__": assigned, it replaced the prototype of
    // `properties` and vanished; Ajv cannot validate such a property either.
    if (key === "__proto__") throw new TypeError(`s.object: the key "__proto__" cannot be a property (it would replace the object's prototype)`);
    properties[key] = value;
    if ((value as unknown as Record<symbol, unknown>)[OPTIONAL] !== true) required.push(key);
  }
  return createSchema(
    withOptions("s.object", ANNOTATION_OPTIONS, options, { type: "object" }, { properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }),
  );
}

/** A map from string keys to values of one schema. */
function record<S extends AnyAgentixSchema>(
  values: S,
  options?: RecordOptions,
): Schema<Record<string, Output<S>>, Readonly<Record<string, Input<S>>>> {
  requireAgentixSchema(values, "s.record values");
  return createSchema(withOptions("s.record", RECORD_OPTIONS, options, { type: "object" }, { additionalProperties: values }));
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
  if (!Array.isArray(members) || members.length === 0) {
    throw new TypeError(`s.union: members must be a non-empty array of s.* schemas, got ${showValue(members)}`);
  }
  for (let index = 0; index < members.length; index++) requireAgentixSchema(members[index], `s.union member ${index}`);
  return createSchema(withOptions("s.union", ANNOTATION_OPTIONS, options, {}, { anyOf: [...members] }));
}

/**
 * A nominal type over a schema: parsing yields `T & Brand<Name>`, callers still pass plain `T`.
 * The brand name becomes the JSON Schema `title`.
 */
function brand<Name extends string, S extends AnyAgentixSchema>(
  name: Name,
  schema: S,
): Schema<Output<S> & Brand<Name>, Input<S>> {
  if (typeof name !== "string" || name === "") throw new TypeError(`s.brand: name must be a non-empty string, got ${showValue(name)}`);
  requireAgentixSchema(schema, "s.brand");
  return createSchema({ ...(schema as object), title: name }, { brand: name });
}

/** Any JSON value. */
function unknown(options?: Annotations): Schema<unknown> {
  return createSchema(withOptions("s.unknown", ANNOTATION_OPTIONS, options, {}));
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
