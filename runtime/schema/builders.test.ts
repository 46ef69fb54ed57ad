import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { s, SchemaValidationError, type Schema } from "../index.js";
import { validatorFor } from "./ajv.js";

const strictAjv = () => new Ajv2020({ strict: true, strictTuples: false, validateFormats: false });

const CustomerId = s.brand("CustomerId", s.string({ pattern: "^cus_" }));
const Customer = s.object({
  id: CustomerId,
  name: s.string({ minLength: 1, maxLength: 80 }),
  status: s.enum(["active", "suspended"]),
  email: s.optional(s.string({ format: "email" })),
  tags: s.array(s.string(), { uniqueItems: true }),
});

const every: Record<string, Schema<unknown, unknown>> = {
  string: s.string({ minLength: 1, description: "a name" }),
  number: s.number({ minimum: 0, exclusiveMaximum: 10 }),
  integer: s.integer({ multipleOf: 5 }),
  boolean: s.boolean(),
  literal: s.literal("x"),
  nullLiteral: s.literal(null),
  enum: s.enum(["a", "b"]),
  numberEnum: s.enum([1, 2, 3]),
  array: s.array(s.integer(), { minItems: 1 }),
  object: Customer,
  record: s.record(s.number()),
  union: s.union([Customer, s.literal(null)]),
  brand: CustomerId,
  unknown: s.unknown(),
  optional: s.optional(s.string()),
};

describe("s: schemas are JSON Schema", () => {
  it("produces exactly these JSON Schema objects", () => {
    expect(JSON.parse(JSON.stringify(Customer))).toEqual({
      type: "object",
      properties: {
        id: { type: "string", pattern: "^cus_", title: "CustomerId" },
        name: { type: "string", minLength: 1, maxLength: 80 },
        status: { enum: ["active", "suspended"] },
        email: { type: "string", format: "email" },
        tags: { type: "array", items: { type: "string" }, uniqueItems: true },
      },
      required: ["id", "name", "status", "tags"],
      additionalProperties: false,
    });
    expect(JSON.parse(JSON.stringify(every))).toEqual({
      string: { type: "string", minLength: 1, description: "a name" },
      number: { type: "number", minimum: 0, exclusiveMaximum: 10 },
      integer: { type: "integer", multipleOf: 5 },
      boolean: { type: "boolean" },
      literal: { const: "x" },
      nullLiteral: { const: null },
      enum: { enum: ["a", "b"] },
      numberEnum: { enum: [1, 2, 3] },
      array: { type: "array", items: { type: "integer" }, minItems: 1 },
      object: JSON.parse(JSON.stringify(Customer)),
      record: { type: "object", additionalProperties: { type: "number" } },
      union: { anyOf: [JSON.parse(JSON.stringify(Customer)), { const: null }] },
      brand: { type: "string", pattern: "^cus_", title: "CustomerId" },
      unknown: {},
      optional: { type: "string" },
    });
  });

  it("keeps parse, safeParse and ~standard non-enumerable", () => {
    for (const schema of Object.values(every)) {
      expect(Object.keys(schema)).not.toContain("parse");
      expect(Object.getOwnPropertyDescriptor(schema, "parse")?.enumerable).toBe(false);
      expect(Object.getOwnPropertyDescriptor(schema, "safeParse")?.enumerable).toBe(false);
      expect(Object.getOwnPropertyDescriptor(schema, "~standard")?.enumerable).toBe(false);
    }
  });

  it("is frozen all the way down", () => {
    expect(Object.isFrozen(Customer)).toBe(true);
    expect(Object.isFrozen((Customer as unknown as { properties: object }).properties)).toBe(true);
    expect(Object.isFrozen((Customer as unknown as { required: object }).required)).toBe(true);
  });

  it("is accepted by a fresh Ajv in strict mode, for every builder", () => {
    for (const [name, schema] of Object.entries(every)) {
      expect(() => strictAjv().compile(JSON.parse(JSON.stringify(schema))), name).not.toThrow();
    }
  });

  it("compiles each schema once and caches the validator", () => {
    const schema = s.object({ a: s.string() });
    expect(validatorFor(schema)).toBe(validatorFor(schema));
  });
});

// A shape whose keys come from parsed JSON may hold "__proto__": assigned, it replaced the
// prototype of the schema's `properties` and the key was lost (Ajv cannot validate it either).
describe("s.object: a \"__proto__\" key", () => {
  it("is refused when the schema is built", () => {
    const shape: Record<string, Schema<string>> = { name: s.string() };
    Object.defineProperty(shape, "__proto__", { value: s.string(), enumerable: true });
    expect(() => s.object(shape)).toThrow(
      new TypeError(
        's.object: the key "__proto__" cannot be a property (it would replace the object\'s prototype)',
      ),
    );
  });
});

describe("s: parsing", () => {
  it("accepts valid values and returns them", () => {
    const value = { id: "cus_1", name: "Ada", status: "active", tags: ["x"] };
    expect(Customer.parse(value)).toEqual(value);
    expect(Customer.safeParse(value)).toEqual({ ok: true, value });
  });

  it("reports every issue with a JSON pointer and a stable code", () => {
    const result = Customer.safeParse({ id: "c1", name: "", status: "gone", tags: ["a", "a"], email: "nope", extra: 1 });
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: "unknown_property", path: "/extra", message: "is not allowed (unknown property)" },
        { code: "invalid_pattern", path: "/id", message: 'must match pattern "^cus_"' },
        { code: "too_small", path: "/name", message: "must NOT have fewer than 1 characters" },
        { code: "invalid_value", path: "/status", message: 'must be one of ["active","suspended"]' },
        { code: "invalid_format", path: "/email", message: 'must match format "email"' },
        { code: "not_unique", path: "/tags", message: "must NOT have duplicate items (items ## 1 and 0 are identical)" },
      ],
    });
  });

  it("names a missing property by its own path", () => {
    expect(Customer.safeParse({ id: "cus_1", status: "active", tags: [] })).toEqual({
      ok: false,
      issues: [{ code: "missing_property", path: "/name", message: "is required" }],
    });
  });

  it("counts own properties only: nothing inherited satisfies, breaks or adds to an object", () => {
    const missing = (...keys: string[]) => ({ ok: false, issues: keys.map((key) => ({ code: "missing_property", path: `/${key}`, message: "is required" })) });
    expect(s.object({ toString: s.unknown() }).safeParse({})).toEqual(missing("toString"));
    expect(s.object({ constructor: s.unknown(), valueOf: s.unknown() }).safeParse({})).toEqual(missing("constructor", "valueOf"));
    expect(s.object({ x: s.unknown() }).safeParse(Object.create({ x: 1 }))).toEqual(missing("x"));
    const inherited = Object.create({ x: 5, extra: true });
    expect(s.object({ x: s.optional(s.string()) }).safeParse(inherited)).toEqual({ ok: true, value: inherited });
    expect(s.record(s.string()).safeParse(inherited)).toEqual({ ok: true, value: inherited });
    const own = { toString: "mine" };
    expect(s.object({ toString: s.string() }).safeParse(own)).toEqual({ ok: true, value: own });
  });

  it("escapes JSON pointer segments", () => {
    const schema = s.object({ "a/b": s.object({ "c~d": s.integer() }) });
    expect(schema.safeParse({ "a/b": { "c~d": "x" } })).toEqual({
      ok: false,
      issues: [{ code: "invalid_type", path: "/a~1b/c~0d", message: "must be integer" }],
    });
  });

  it("reports the matching union member's issues when only one member fits the value's shape", () => {
    const schema = s.union([Customer, s.literal(null)]);
    expect(schema.safeParse({ id: "cus_1", name: "Ada", status: "active" })).toEqual({
      ok: false,
      issues: [{ code: "missing_property", path: "/tags", message: "is required" }],
    });
    expect(schema.safeParse(5)).toEqual({ ok: false, issues: [{ code: "no_union_match", path: "", message: "must match one of the union's members" }] });
  });

  it("throws a SchemaValidationError carrying the issues from parse", () => {
    try {
      s.integer().parse("1");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaValidationError);
      expect((error as SchemaValidationError).issues).toEqual([{ code: "invalid_type", path: "", message: "must be integer" }]);
      expect((error as Error).message).toBe("Invalid value: (root) must be integer");
    }
  });

  it("enforces formats", () => {
    expect(s.string({ format: "date-time" }).safeParse("2026-01-01T00:00:00.000Z").ok).toBe(true);
    expect(s.string({ format: "date-time" }).safeParse("yesterday").ok).toBe(false);
    expect(s.string({ format: "uuid" }).safeParse("3b241101-e2bb-4255-8caf-4136c566a962").ok).toBe(true);
  });

  it("refuses to compose foreign schemas", () => {
    const foreign = { "~standard": { version: 1, vendor: "x", validate: (value: unknown) => ({ value }) } };
    expect(() => s.object({ a: foreign as never })).toThrow('s.object property "a" must be an s.* schema');
    expect(() => s.array(foreign as never)).toThrow("s.array items must be an s.* schema");
  });
});

describe("s: Standard Schema V1", () => {
  it("validates through ~standard with path segments, numbers for array indices", () => {
    const schema = s.object({ items: s.array(s.object({ qty: s.integer({ minimum: 1 }) })) });
    expect(schema["~standard"].vendor).toBe("agentix");
    expect(schema["~standard"].version).toBe(1);
    expect(schema["~standard"].validate({ items: [{ qty: 1 }, { qty: 0 }] })).toEqual({
      issues: [{ message: "must be >= 1", path: ["items", 1, "qty"] }],
    });
    expect(schema["~standard"].validate({ items: [] })).toEqual({ value: { items: [] } });
  });

  it("converts to JSON Schema through the Standard JSON Schema interface", () => {
    const standard = CustomerId["~standard"] as unknown as { jsonSchema: { input(options: { target: string }): unknown } };
    expect(standard.jsonSchema.input({ target: "draft-2020-12" })).toEqual({ type: "string", pattern: "^cus_", title: "CustomerId" });
    expect(() => standard.jsonSchema.input({ target: "draft-07" })).toThrow('target "draft-07" is not supported');
  });
});
