import { describe, expect, test } from "vitest";
import { differences, formatDifferences } from "../src/compare.js";

describe("differences", () => {
  test("equal JSON has none, whatever the key order", () => {
    expect(differences({ a: 1, b: [true, null, { c: "x" }] }, { b: [true, null, { c: "x" }], a: 1 })).toEqual([]);
  });

  test("names each differing, missing and unexpected value by its JSON pointer", () => {
    expect(
      differences(
        { status: 402, body: { error: { code: "PAYMENT_DECLINED", "a/b": 1, list: [1, 2] } } },
        { status: 409, body: { error: { code: "ORDER_NOT_PENDING", list: [1, 2, 3], extra: "x" } } },
      ),
    ).toEqual([
      { path: "/status", expected: 402, actual: 409 },
      { path: "/body/error/code", expected: "PAYMENT_DECLINED", actual: "ORDER_NOT_PENDING" },
      { path: "/body/error/a~1b", expected: 1, actual: undefined },
      { path: "/body/error/list/2", expected: undefined, actual: 3 },
      { path: "/body/error/extra", expected: undefined, actual: "x" },
    ]);
  });

  test("a value of another kind differs as a whole; numbers are not strings, null is not an object", () => {
    expect(differences({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: "/a", expected: [1], actual: { 0: 1 } }]);
    expect(differences({ a: 1 }, { a: "1" })).toEqual([{ path: "/a", expected: 1, actual: "1" }]);
    expect(differences({ a: {} }, { a: null })).toEqual([{ path: "/a", expected: {}, actual: null }]);
    expect(differences(null, {})).toEqual([{ path: "", expected: null, actual: {} }]);
  });

  test('{ "$any": "string" } accepts exactly a non-empty string', () => {
    const any = { $any: "string" };
    expect(differences({ message: any }, { message: "Too small" })).toEqual([]);
    expect(differences({ message: any }, { message: "" })).toEqual([{ path: "/message", expected: any, actual: "" }]);
    expect(differences({ message: any }, { message: 3 })).toEqual([{ path: "/message", expected: any, actual: 3 }]);
    expect(differences({ message: any }, {})).toEqual([{ path: "/message", expected: any, actual: undefined }]);
    // Only the exact matcher is one: anything else is compared as plain data.
    expect(differences({ $any: "number" }, { $any: "number" })).toEqual([]);
    expect(differences({ $any: "string", x: 1 }, "text")).toEqual([{ path: "", expected: { $any: "string", x: 1 }, actual: "text" }]);
  });

  test('{ "$unordered": [...] } pairs items in any order and reports what stays unpaired', () => {
    const issue = (code: string, path: string) => ({ code, path, message: { $any: "string" } });
    const expected = { issues: { $unordered: [issue("too_small", "/name"), issue("missing_property", "/email")] } };
    expect(differences(expected, { issues: [{ code: "missing_property", path: "/email", message: "Required" }, { code: "too_small", path: "/name", message: "x" }] })).toEqual([]);
    expect(differences(expected, { issues: [{ code: "too_small", path: "/name", message: "x" }, { code: "invalid_type", path: "/email", message: "y" }] })).toEqual([
      { path: "/issues/(any)", expected: issue("missing_property", "/email"), actual: undefined },
      { path: "/issues/(any)", expected: undefined, actual: { code: "invalid_type", path: "/email", message: "y" } },
    ]);
    expect(differences({ $unordered: [1, 1] }, [1])).toEqual([{ path: "/(any)", expected: 1, actual: undefined }]);
    expect(differences({ $unordered: [] }, "none")).toEqual([{ path: "", expected: [], actual: "none" }]);
  });
});

describe("formatDifferences", () => {
  test("one line per difference, long values shortened", () => {
    expect(
      formatDifferences([
        { path: "/status", expected: 402, actual: 409 },
        { path: "/body/error/details", expected: { reason: "card_declined" }, actual: undefined },
        { path: "/body/extra", expected: undefined, actual: "x".repeat(200) },
        { path: "", expected: null, actual: [] },
      ]),
    ).toEqual([
      "  /status: expected 402, got 409",
      '  /body/error/details: missing, expected {"reason":"card_declined"}',
      `  /body/extra: unexpected "${"x".repeat(156)}...`,
      "  (whole value): expected null, got []",
    ]);
  });
});
