import { describe, expect, it } from "vitest";
import { jsonLocator } from "./json-location.js";

/** One pointer of one text. */
const locateJsonPointer = (text: string, pointer: string, options?: { key?: boolean }) =>
  jsonLocator(text)(pointer, options);

const text = [
  "{",
  '  "a": { "b/c": [10, { "d~e": true }] },',
  '  "émoji 😀": "x", "n": null,',
  '  "dup": 1, "dup": 2',
  "}",
].join("\n");

describe("locateJsonPointer", () => {
  it.each([
    ["/", { line: 1, column: 1 }],
    ["", { line: 1, column: 1 }],
    ["/a", { line: 2, column: 8 }],
    ["/a/b~1c", { line: 2, column: 17 }],
    ["/a/b~1c/0", { line: 2, column: 18 }],
    ["/a/b~1c/1/d~0e", { line: 2, column: 31 }],
    // Columns count UTF-16 code units: "😀" is two.
    ["/n", { line: 3, column: 25 }],
    ["/émoji 😀", { line: 3, column: 15 }],
    // JSON.parse keeps a duplicate key's last value: so does the place.
    ["/dup", { line: 4, column: 20 }],
  ])("finds the value at %s", (pointer, position) => {
    expect(locateJsonPointer(text, pointer)).toEqual(position);
  });

  it("finds a property's key with `key: true`, and an array element's value (it has no key)", () => {
    expect(locateJsonPointer(text, "/a/b~1c", { key: true })).toEqual({ line: 2, column: 10 });
    expect(locateJsonPointer(text, "/a/b~1c/1", { key: true })).toEqual({ line: 2, column: 22 });
  });

  it.each([
    "/missing",
    "/a/b~1c/2",
    "/a/b~1c/01",
    "/a/b~1c/-1",
    "/a/b~1c/x",
    "/n/deeper",
    "/a/b/c",
  ])("answers undefined for %s, which names nothing", (pointer) => {
    expect(locateJsonPointer(text, pointer)).toBeUndefined();
  });

  it("answers from a text that is not an object: an array, a scalar", () => {
    expect(locateJsonPointer("\n  [1, 2]", "/1")).toEqual({ line: 2, column: 7 });
    expect(locateJsonPointer(" 3", "/")).toEqual({ line: 1, column: 2 });
    expect(locateJsonPointer(" 3", "/0")).toBeUndefined();
  });
});
