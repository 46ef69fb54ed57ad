import { describe, expect, it } from "vitest";
import { jsonEqual } from "./json-equal.js";
import { validatorFor } from "./ajv.js";

describe("jsonEqual (Ajv's comparison for const, enum and uniqueItems)", () => {
  it.each([
    [{ valueOf: {} }, { valueOf: {} }],
    [{ toString: 1 }, { toString: 1 }],
    [{ constructor: {} }, { constructor: {} }],
    [{ a: [1, { b: null }] }, { a: [1, { b: null }] }],
    [Object.create(null) as object, Object.create(null) as object],
    ["x", "x"],
  ])("finds %j and %j equal", (a, b) => {
    expect(jsonEqual(a, b)).toBe(true);
  });

  it.each([
    [{ valueOf: {} }, { valueOf: 1 }],
    [{ toString: 1 }, { toString: 2 }],
    [{ a: 1 }, { b: 1 }],
    [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: undefined }, { b: undefined }],
    [[1, 2], [2, 1]],
    [[1], { 0: 1 }],
    [{}, Object.create(null) as object],
    [null, {}],
    ["1", 1],
  ])("tells %j from %j", (a, b) => {
    expect(jsonEqual(a, b)).toBe(false);
    expect(jsonEqual(b, a)).toBe(false);
  });
});

describe("the runtime's Ajv with keys named after Object.prototype's methods", () => {
  const unique = validatorFor({ type: "array", uniqueItems: true });

  it("answers for items holding valueOf or toString, where Ajv's own comparison throws", () => {
    const hostile = [{ valueOf: {} }, { valueOf: {} }];
    expect(unique(hostile)).toBe(false);
    expect(unique.errors).toEqual([
      {
        instancePath: "",
        schemaPath: "#/uniqueItems",
        keyword: "uniqueItems",
        params: { i: 1, j: 0 },
        message: "must NOT have duplicate items (items ## 0 and 1 are identical)",
      },
    ]);
    expect(unique([{ toString: 1 }, { toString: 2 }])).toBe(true);
  });

  it("finds two items with equal constructor keys duplicates", () => {
    expect(unique([{ constructor: {} }, { constructor: {} }])).toBe(false);
  });

  it("compares values that are not JSON data as Ajv did (dates by their time)", () => {
    expect(jsonEqual(new Date(1), new Date(1))).toBe(true);
    expect(jsonEqual(new Date(1), new Date(2))).toBe(false);
  });

  it("compares const and enum with it too", () => {
    expect(validatorFor({ const: { valueOf: { a: 1 } } })({ valueOf: { a: 1 } })).toBe(true);
    expect(validatorFor({ enum: [{ toString: "x" }, 1] })({ toString: "y" })).toBe(false);
    expect(validatorFor({ enum: [{ toString: "x" }, 1] })({ toString: "x" })).toBe(true);
  });
});
