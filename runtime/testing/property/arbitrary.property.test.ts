// The promise of `arbitrary`: over randomly built s.* schemas (every builder, nested, with their
// keywords), every value it generates is accepted by the schema's own `parse`, unchanged, and
// is JSON data.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { s, type Schema } from "../../index.js";
import { arbitrary } from "./index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyS = Schema<any, any>;

/** Patterns of the kinds applications use, each with the length bounds it can meet. */
const patterns: readonly { pattern: string; minLength?: number; maxLength?: number }[] = [
  { pattern: "^cus_[A-Za-z0-9-]+$", maxLength: 64 },
  { pattern: "^tok_[a-z0-9_]+$", minLength: 6, maxLength: 100 },
  { pattern: "^[A-Z]{3}$" },
  { pattern: "^[a-z]+(-[a-z]+)*$", minLength: 2, maxLength: 20 },
  { pattern: "\\d" },
  { pattern: "^\\p{Lu}\\p{Ll}*$", maxLength: 10 },
  { pattern: "^(red|green|blue)$" },
];
const formats = [
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "password",
  "binary",
];
const steps = [1, 2, 5, 0.5, 0.25, 0.1];

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const bound = fc.integer({ min: -1_000, max: 1_000 });

const numberSchema = fc
  .record({
    integer: fc.boolean(),
    low: optional(bound),
    span: fc.integer({ min: 3, max: 500 }),
    high: fc.boolean(),
    exclusiveLow: fc.boolean(),
    exclusiveHigh: fc.boolean(),
    step: optional(fc.constantFrom(...steps)),
    int32: fc.boolean(),
  })
  .map(({ integer, low, span, high, exclusiveLow, exclusiveHigh, step: anyStep, int32 }) => {
    const step = integer && anyStep !== undefined && !Number.isInteger(anyStep) ? 1 : anyStep;
    // The span leaves at least two multiples of the step strictly inside the bounds.
    const width = span * (step ?? 1);
    const options = {
      ...(low === undefined ? {} : exclusiveLow ? { exclusiveMinimum: low } : { minimum: low }),
      ...(!high || low === undefined ? {} : exclusiveHigh ? { exclusiveMaximum: low + width } : { maximum: low + width }),
      ...(step === undefined ? {} : { multipleOf: step }),
    };
    if (integer) return s.integer(options);
    return int32 && step === undefined ? createNumberWithFormat(options) : s.number(options);
  });

/** `format` is not in NumberOptions' types (it is a string keyword); JavaScript callers can pass it. */
function createNumberWithFormat(options: object): AnyS {
  return s.number({ ...options, format: "int32" } as never);
}

const leaf: fc.Arbitrary<AnyS> = fc.oneof(
  fc.tuple(optional(fc.nat(4)), optional(fc.nat(8))).map(([minLength, extra]) =>
    s.string({ ...(minLength === undefined ? {} : { minLength }), ...(extra === undefined ? {} : { maxLength: (minLength ?? 0) + extra }) }),
  ),
  fc.constantFrom(...patterns).map((options) => s.string(options)),
  fc.tuple(fc.constantFrom(...formats), fc.boolean()).map(([format, bounded]) => s.string({ format, ...(bounded ? { maxLength: 320 } : {}) })),
  numberSchema,
  fc.constant(s.boolean()),
  fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)).map((value) => s.literal(value)),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values) => s.enum(values as [string, ...string[]])),
  fc.uniqueArray(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 4 }).map((values) => s.enum(values as [number, ...number[]])),
  fc.constant(s.unknown()),
);

const key = fc.stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_$-]{0,7}$/);

const { schema } = fc.letrec<{ schema: AnyS }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(tie("schema"), optional(fc.nat(3)), optional(fc.nat(4)), fc.boolean())
      .map(([items, minItems, extra, uniqueItems]) => {
        // Unique items cannot be more than the item schema has distinct values: at most one.
        const min = uniqueItems ? Math.min(minItems ?? 0, 1) : minItems;
        return s.array(items, {
          ...(min === undefined ? {} : { minItems: min }),
          ...(extra === undefined ? {} : { maxItems: (min ?? 0) + extra }),
          ...(uniqueItems ? { uniqueItems } : {}),
        });
      }),
    fc
      .uniqueArray(fc.tuple(key, tie("schema"), fc.boolean()), { maxLength: 5, selector: ([name]) => name })
      .map((properties) => s.object(Object.fromEntries(properties.map(([name, inner, isOptional]) => [name, isOptional ? s.optional(inner) : inner])))),
    fc
      .tuple(tie("schema"), optional(fc.nat(2)), optional(fc.nat(3)))
      .map(([values, minProperties, extra]) =>
        s.record(values, {
          ...(minProperties === undefined ? {} : { minProperties }),
          ...(extra === undefined ? {} : { maxProperties: (minProperties ?? 0) + extra }),
        }),
      ),
    fc.array(tie("schema"), { minLength: 1, maxLength: 3 }).map((members) => s.union(members as [AnyS, ...AnyS[]])),
    fc.tuple(fc.constantFrom("UserId", "OrderId"), tie("schema")).map(([name, inner]) => s.brand(name, inner)),
  ),
}));

describe("arbitrary: properties", () => {
  it("parse accepts every value generated from a randomly built schema, unchanged, and the value is JSON data", () => {
    const schemaAndValue = schema.chain((built) => fc.tuple(fc.constant(built), arbitrary(built)));
    fc.assert(
      fc.property(schemaAndValue, ([built, value]) => {
        expect(built.safeParse(value)).toEqual({ ok: true, value });
        expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it.each(formats)("every generated %s string passes Ajv's format check", (format) => {
    const formatted = s.string({ format });
    fc.assert(
      fc.property(arbitrary(formatted), (value) => {
        expect(formatted.safeParse(value)).toEqual({ ok: true, value });
      }),
      { numRuns: 300 },
    );
  });
});
