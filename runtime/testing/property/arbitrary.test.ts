import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { s } from "../../index.js";
import { STRING_FORMATS } from "../../schema/ajv.js";
import { formatArbitrary } from "./formats.js";
import { arbitrary, NoArbitrary } from "./index.js";

const sample = <T>(generated: fc.Arbitrary<T>, count = 300) => fc.sample(generated, { numRuns: count, seed: 42 });

describe("arbitrary: what it generates", () => {
  it("generates optional properties both present and absent, and nothing else", () => {
    const Customer = s.object({ id: s.string(), nickname: s.optional(s.string()) });
    const keys = new Set(sample(arbitrary(Customer)).map((value) => Object.keys(value).join(",")));
    expect([...keys].sort()).toEqual(["id", "id,nickname"]);
  });

  it("gives brands as plain values that parse to the branded type", () => {
    const CustomerId = s.brand("CustomerId", s.string({ pattern: "^cus_[0-9]+$" }));
    for (const id of sample(arbitrary(CustomerId))) {
      expect(typeof id).toBe("string");
      expect(CustomerId.parse(id)).toBe(id);
    }
  });

  it("never gives negative zero, NaN or infinities (JSON has none of them)", () => {
    const values = [
      ...sample(arbitrary(s.number()), 2_000),
      ...sample(arbitrary(s.number({ minimum: -1, maximum: 1 })), 2_000),
      ...sample(arbitrary(s.literal(-0)), 5),
      ...sample(arbitrary(s.enum([-0, 1])), 20),
    ];
    expect(values.filter((value) => Object.is(value, -0) || !Number.isFinite(value))).toEqual([]);
    expect(values).toContain(0);
  });

  it("never gives negative zero inside unconstrained values (s.unknown(), arrays without items)", () => {
    const hasNegativeZero = (value: unknown): boolean =>
      Object.is(value, -0) || (typeof value === "object" && value !== null && Object.values(value).some(hasNegativeZero));
    const values = [...sample(arbitrary(s.unknown()), 3_000), ...sample(arbitrary(s.array(s.unknown())), 1_000)];
    expect(values.filter(hasNegativeZero)).toEqual([]);
    expect(values.some((value) => typeof value === "number")).toBe(true);
  });

  it("meets exclusive bounds and multipleOf exactly, also for fractional steps", () => {
    expect(new Set(sample(arbitrary(s.integer({ exclusiveMinimum: 1, exclusiveMaximum: 4 }))))).toEqual(new Set([2, 3]));
    expect(new Set(sample(arbitrary(s.integer({ minimum: 0, maximum: 20, multipleOf: 5 }))))).toEqual(new Set([0, 5, 10, 15, 20]));
    const tenths = s.number({ minimum: 0, maximum: 1, multipleOf: 0.1 });
    for (const value of sample(arbitrary(tenths))) expect(tenths.safeParse(value).ok).toBe(true);
    const int32 = s.number({ format: "int32" } as never);
    for (const value of sample(arbitrary(int32), 1_000)) expect(Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31).toBe(true);
  });

  it("counts string lengths in code points, as Ajv does", () => {
    const short = s.string({ minLength: 2, maxLength: 2 });
    for (const value of sample(arbitrary(short), 2_000)) expect([...value]).toHaveLength(2);
  });

  it("keeps unique items unique and records within their property counts", () => {
    const tags = s.array(s.enum(["a", "b", "c"]), { minItems: 2, uniqueItems: true });
    for (const value of sample(arbitrary(tags))) expect(new Set(value).size).toBe(value.length);
    const bag = s.record(s.integer(), { minProperties: 1, maxProperties: 2 });
    for (const value of sample(arbitrary(bag))) expect(Object.keys(value).length).toBeGreaterThanOrEqual(1);
  });

  it("builds one arbitrary per schema", () => {
    const Order = s.object({ id: s.string() });
    expect(arbitrary(Order)).toBe(arbitrary(Order));
  });
});

describe("arbitrary: what it refuses", () => {
  it("refuses a foreign Standard Schema: give an arbitrary yourself", () => {
    expect(() => arbitrary(z.string())).toThrow(
      new NoArbitrary("arbitrary(schema): a zod schema is not an s.* schema, and agentix generates values only from s.* schemas; give an arbitrary yourself"),
    );
  });

  it("refuses what is not a schema at all", () => {
    expect(() => arbitrary(null as never)).toThrow("arbitrary(schema): expected an s.* schema, got null");
    expect(() => arbitrary("string" as never)).toThrow('arbitrary(schema): expected an s.* schema, got string "string"');
    expect(() => arbitrary({ type: "string" } as never)).toThrow("arbitrary(schema): expected an s.* schema, got an object that is not an s.* schema");
    expect(() => arbitrary([] as never)).toThrow("arbitrary(schema): expected an s.* schema, got an array");
  });

  it("names a keyword it has no generator for, and where it is", () => {
    const Tags = s.object({ tags: s.array(s.string(), { contains: s.literal("a") } as never) });
    expect(() => arbitrary(Tags)).toThrow(
      new NoArbitrary('arbitrary(schema): the keyword "contains" (with array) at /properties/tags has no generator in agentix; give an arbitrary yourself'),
    );
    expect(() => arbitrary(s.union([s.string(), s.string({ pattern: "(a)\\1" })]))).toThrow(
      'arbitrary(schema): the pattern "(a)\\\\1" at /anyOf/1 has no generator in agentix; give an arbitrary yourself',
    );
  });

  it("has a generator for every string format the runtime enforces (s.string refuses any other)", () => {
    for (const format of STRING_FORMATS) expect(formatArbitrary(format), format).toBeDefined();
  });

  it("refuses numeric bounds no value meets", () => {
    expect(() => arbitrary(s.integer({ minimum: 5, maximum: 3 }))).toThrow(
      'arbitrary(schema): no value satisfies the integer schema {"minimum":5,"maximum":3}; give an arbitrary yourself',
    );
    expect(() => arbitrary(s.number({ exclusiveMinimum: 1, maximum: 1 }))).toThrow('no value satisfies the number schema {"exclusiveMinimum":1,"maximum":1}');
    expect(() => arbitrary(s.integer({ minimum: 1, maximum: 4, multipleOf: 5 }))).toThrow("no value satisfies the integer schema");
  });

  it("gives up with a clear error, instead of looping forever, when keywords contradict each other", () => {
    const impossible = arbitrary(s.object({ code: s.string({ pattern: "^[A-Z]{3}$", minLength: 5 }) }));
    expect(() => sample(impossible, 1)).toThrow(
      'arbitrary: no value found for a string with pattern "^[A-Z]{3}$", minLength 5 at /properties/code in 1000 attempts; give an arbitrary yourself',
    );
    expect(() => sample(arbitrary(s.array(s.boolean(), { minItems: 3, uniqueItems: true })), 1)).toThrow(
      "arbitrary: no value found for an array of at least 3 unique items in 1000 attempts; give an arbitrary yourself",
    );
  });
});
