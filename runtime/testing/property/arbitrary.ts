// Values from a schema: every `s.*` schema is plain JSON Schema 2020-12, so its keywords say
// exactly what to generate. Every value generated is one the schema's own `parse` accepts
// (arbitrary.property.test.ts proves it over randomly built schemas).
import { isDeepStrictEqual } from "node:util";
import type { Arbitrary } from "fast-check";
import { isAgentixSchema, isStandardSchema } from "../../schema/create-schema.js";
import type { AnySchema, Input } from "../../schema/types.js";
import { boundedFilter } from "./bounded-filter.js";
import { fc } from "./fast-check.js";
import { formatArbitrary, numberFormats, stringUnit } from "./formats.js";

type Node = Readonly<Record<string, unknown>>;

const annotations: ReadonlySet<string> = new Set(["title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"]);
const allowed: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(["type", "minLength", "maxLength", "pattern", "format"]),
  number: new Set(["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"]),
  integer: new Set(["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"]),
  boolean: new Set(["type"]),
  null: new Set(["type"]),
  array: new Set(["type", "items", "minItems", "maxItems", "uniqueItems"]),
  object: new Set(["type", "properties", "required", "additionalProperties", "minProperties", "maxProperties"]),
  const: new Set(["const"]),
  enum: new Set(["enum"]),
  anyOf: new Set(["anyOf"]),
  unknown: new Set(),
};

/** A schema agentix cannot generate values for: the message names the keyword and where it is. */
export class NoArbitrary extends TypeError {
  override readonly name = "NoArbitrary";
}

const cache = new WeakMap<object, Arbitrary<unknown>>();

/**
 * A fast-check `Arbitrary` of values the schema accepts, read from its JSON Schema: objects
 * (closed, with optional properties), records, arrays with bounds and uniqueness, unions,
 * literals, enums, brands, patterns, formats, numeric bounds and `multipleOf`. Values are JSON
 * data (no `-0`, `NaN` or infinities) in their input form: brands are plain, as callers pass
 * them; `arbitrary(X).map(X.parse)` gives branded values.
 */
export function arbitrary<S extends AnySchema>(schema: S): Arbitrary<Input<S>> {
  return arbitraryOf(schema, "arbitrary(schema)", "give an arbitrary yourself") as Arbitrary<Input<S>>;
}

/**
 * `arbitrary` for the helpers: `where` names the slot in errors, `remedy` says which option
 * takes a hand-written arbitrary instead.
 */
export function arbitraryOf(schema: unknown, where: string, remedy: string): Arbitrary<unknown> {
  if (!isAgentixSchema(schema)) {
    if (isStandardSchema(schema)) {
      const vendor = (schema as AnySchema)["~standard"].vendor;
      throw new NoArbitrary(`${where}: a ${vendor} schema is not an s.* schema, and agentix generates values only from s.* schemas; ${remedy}`);
    }
    throw new NoArbitrary(`${where}: expected an s.* schema, got ${describe(schema)}`);
  }
  return fromNode(schema as unknown as Node, "", where, remedy);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object that is not an s.* schema" : `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

function fromNode(node: Node, pointer: string, where: string, remedy: string): Arbitrary<unknown> {
  let generated = cache.get(node);
  if (generated === undefined) {
    generated = build(node, pointer, { where, remedy });
    cache.set(node, generated);
  }
  return generated;
}

interface Context {
  readonly where: string;
  readonly remedy: string;
}

function build(node: Node, pointer: string, context: Context): Arbitrary<unknown> {
  const at = pointer === "" ? "" : ` at ${pointer}`;
  const refuse = (what: string): never => {
    throw new NoArbitrary(`${context.where}: ${what}${at} has no generator in agentix; ${context.remedy}`);
  };
  const kind = kindOf(node, refuse);
  const accepted = allowed[kind] as ReadonlySet<string>;
  for (const keyword of Object.keys(node)) {
    if (!accepted.has(keyword) && !annotations.has(keyword)) refuse(`the keyword "${keyword}"${kind === "unknown" ? "" : ` (with ${kind})`}`);
  }
  const child = (schema: unknown, path: string) => fromNode(schema as Node, `${pointer}${path}`, context.where, context.remedy);
  switch (kind) {
    case "const":
      return fc.constant(literal(node.const));
    case "enum":
      return fc.constantFrom(...(node.enum as readonly unknown[]).map(literal));
    case "anyOf":
      return fc.oneof(...(node.anyOf as readonly unknown[]).map((member, index) => child(member, `/anyOf/${index}`)));
    case "string":
      return stringOf(node, at, refuse);
    case "number":
    case "integer":
      return numberOf(node, kind, at, context);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayOf(node, node.items === undefined ? jsonData() : child(node.items, "/items"), at);
    case "object":
      return objectOf(node, child, at, refuse);
    default:
      return jsonData();
  }
}

function kindOf(node: Node, refuse: (what: string) => never): string {
  if ("const" in node) return "const";
  if ("enum" in node) return "enum";
  if ("anyOf" in node) return "anyOf";
  const type = node.type;
  if (type === undefined) return "unknown";
  if (typeof type !== "string" || !Object.hasOwn(allowed, type)) return refuse(`the type ${JSON.stringify(type)}`);
  return type;
}

/** s.literal and s.enum take only strings, numbers, booleans and null. */
function literal(value: unknown): unknown {
  return typeof value === "number" ? zeroed(value) : value;
}

/** Ajv counts string length in code points, not UTF-16 units. */
function codePoints(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

function stringOf(node: Node, at: string, refuse: (what: string) => never): Arbitrary<string> {
  const minLength = node.minLength as number | undefined;
  const maxLength = node.maxLength as number | undefined;
  const pattern = node.pattern as string | undefined;
  const format = node.format as string | undefined;
  const formatted = format === undefined || numberFormats.has(format) ? undefined : (formatArbitrary(format) ?? refuse(`the format "${format}"`));
  if (formatted === undefined && pattern === undefined) {
    return fc.string({ unit: stringUnit, ...(minLength === undefined ? {} : { minLength }), ...(maxLength === undefined ? {} : { maxLength }) });
  }
  // Ajv reads patterns as Unicode regular expressions.
  const regex = pattern === undefined ? undefined : new RegExp(pattern, "u");
  const base = formatted ?? matching(regex as RegExp, maxLength, refuse);
  const fits = (text: string) => {
    const length = minLength === undefined && maxLength === undefined ? 0 : codePoints(text);
    return (minLength === undefined || length >= minLength) && (maxLength === undefined || length <= maxLength) && (regex === undefined || regex.test(text));
  };
  const constraints = Object.entries({ format, pattern, minLength, maxLength })
    .filter(([, value]) => value !== undefined)
    .map(([keyword, value]) => `${keyword} ${JSON.stringify(value)}`)
    .join(", ");
  return boundedFilter(base, fits, () => `a string with ${constraints}${at}`);
}

// fc.stringMatching takes milliseconds to build: one per pattern and length bound.
const matchers = new Map<string, Arbitrary<string>>();

function matching(regex: RegExp, maxLength: number | undefined, refuse: (what: string) => never): Arbitrary<string> {
  const key = `${maxLength ?? ""}/${regex.source}`;
  let matcher = matchers.get(key);
  if (matcher === undefined) {
    try {
      matcher = fc.stringMatching(regex, maxLength === undefined ? {} : { maxLength });
    } catch {
      return refuse(`the pattern ${JSON.stringify(regex.source)}`);
    }
    matchers.set(key, matcher);
  }
  return matcher;
}

const int32 = 2 ** 31;

function numberOf(node: Node, kind: "number" | "integer", at: string, context: Context): Arbitrary<number> {
  const integer = kind === "integer" || node.format === "int32" || node.format === "int64";
  const lowest = node.format === "int32" ? -int32 : integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE;
  const highest = node.format === "int32" ? int32 - 1 : integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
  const minimum = node.minimum as number | undefined;
  const maximum = node.maximum as number | undefined;
  const exclusiveMinimum = node.exclusiveMinimum as number | undefined;
  const exclusiveMaximum = node.exclusiveMaximum as number | undefined;
  const multipleOf = node.multipleOf as number | undefined;
  const fits = (value: number) =>
    (minimum === undefined || value >= minimum) &&
    (maximum === undefined || value <= maximum) &&
    (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
    (exclusiveMaximum === undefined || value < exclusiveMaximum) &&
    (multipleOf === undefined || Number.isInteger(value / multipleOf)) &&
    (!integer || Number.isInteger(value)) &&
    value >= lowest &&
    value <= highest;
  const describe = () => `the ${kind} schema ${JSON.stringify(Object.fromEntries(Object.entries(node).filter(([key]) => key !== "type")))}${at}`;

  if (multipleOf !== undefined || integer) {
    // Whole multiples of the step between the bounds (the step is 1 for plain integers).
    const step = multipleOf ?? 1;
    const first = Math.max(
      Math.ceil(lowest / step),
      minimum === undefined ? -Infinity : Math.ceil(minimum / step),
      exclusiveMinimum === undefined ? -Infinity : Math.floor(exclusiveMinimum / step) + 1,
      Number.MIN_SAFE_INTEGER,
    );
    const last = Math.min(
      Math.floor(highest / step),
      maximum === undefined ? Infinity : Math.floor(maximum / step),
      exclusiveMaximum === undefined ? Infinity : Math.ceil(exclusiveMaximum / step) - 1,
      Number.MAX_SAFE_INTEGER,
    );
    if (!(first <= last)) throw new NoArbitrary(`${context.where}: no value satisfies ${describe()}; ${context.remedy}`);
    return boundedFilter(fc.integer({ min: first, max: last }).map((times) => zeroed(times * step)), fits, describe);
  }
  const min = Math.max(lowest, minimum ?? -Infinity, exclusiveMinimum ?? -Infinity);
  const max = Math.min(highest, maximum ?? Infinity, exclusiveMaximum ?? Infinity);
  const minExcluded = exclusiveMinimum !== undefined && exclusiveMinimum >= (minimum ?? -Infinity);
  const maxExcluded = exclusiveMaximum !== undefined && exclusiveMaximum <= (maximum ?? Infinity);
  if (!(min < max || (min === max && !minExcluded && !maxExcluded))) throw new NoArbitrary(`${context.where}: no value satisfies ${describe()}; ${context.remedy}`);
  const doubles = fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded, maxExcluded });
  return boundedFilter(doubles.map(zeroed), fits, describe);
}

/** JSON has no negative zero. */
function zeroed(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * Any JSON data. fast-check's `jsonValue()` also gives -0 (JSON.parse keeps it), which no JSON
 * text a client sends can carry; a serialisation round trip drops it wherever it is nested.
 */
function jsonData(): Arbitrary<unknown> {
  return fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}

function arrayOf(node: Node, items: Arbitrary<unknown>, at: string): Arbitrary<unknown[]> {
  const minItems = (node.minItems as number | undefined) ?? 0;
  const maxItems = node.maxItems as number | undefined;
  const arrays = fc.array(items, { minLength: minItems, ...(maxItems === undefined ? {} : { maxLength: maxItems }) });
  if (node.uniqueItems !== true) return arrays;
  // Drop repeats instead of fc.uniqueArray, which loops forever when the items have fewer
  // distinct values than minItems.
  const unique = arrays.map((values) => values.filter((value, index) => values.findIndex((other) => isDeepStrictEqual(other, value)) === index));
  return boundedFilter(unique, (values) => values.length >= minItems, () => `an array of at least ${minItems} unique items${at}`);
}

function objectOf(
  node: Node,
  child: (schema: unknown, path: string) => Arbitrary<unknown>,
  at: string,
  refuse: (what: string) => never,
): Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Readonly<Record<string, unknown>>;
  const keys = Object.keys(properties);
  const required = (node.required ?? []) as readonly string[];
  const additional = node.additionalProperties;
  const minProperties = node.minProperties as number | undefined;
  const maxProperties = node.maxProperties as number | undefined;
  let objects: Arbitrary<Record<string, unknown>>;
  if (additional !== undefined && typeof additional === "object") {
    if (keys.length > 0 || required.length > 0) refuse("additionalProperties beside properties");
    // s.record: any string keys.
    objects = fc.dictionary(fc.string({ unit: stringUnit, maxLength: 12 }), child(additional, "/additionalProperties"), {
      noNullPrototype: true,
      ...(minProperties === undefined ? {} : { minKeys: minProperties }),
      ...(maxProperties === undefined ? {} : { maxKeys: maxProperties }),
    });
    return objects;
  }
  const unknownRequired = required.find((key) => !Object.hasOwn(properties, key));
  if (unknownRequired !== undefined) refuse(`the required property "${unknownRequired}" without a schema`);
  const shape = Object.fromEntries(keys.map((key) => [key, child(properties[key], `/properties/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`)]));
  objects = fc.record(shape, { requiredKeys: required.filter((key) => keys.includes(key)), noNullPrototype: true });
  if (minProperties === undefined && maxProperties === undefined) return objects;
  const count = (value: object) => Object.keys(value).length;
  return boundedFilter(
    objects,
    (value) => (minProperties === undefined || count(value) >= minProperties) && (maxProperties === undefined || count(value) <= maxProperties),
    () => `an object with ${minProperties ?? 0} to ${maxProperties ?? "any number of"} properties${at}`,
  );
}
