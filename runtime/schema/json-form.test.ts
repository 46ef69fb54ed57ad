import { describe, expect, it } from "vitest";
import { s } from "./builders.js";
import { checkJsonForm, holdsToJSON, jsonForm } from "./json-form.js";

describe("holdsToJSON: whether JSON.stringify would call a toJSON in a value", () => {
  it("finds one wherever JSON.stringify looks: own or inherited, deep, on a function, behind a cycle", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    const deep = { list: [1, { at: new Date(0) }] };
    const onFunction = { f: Object.assign(() => 0, { toJSON: () => "f" }) };
    const hidden = Object.defineProperty({}, "toJSON", { value: () => ({}) });
    const cases = [deep, onFunction, hidden, [cyclic, new Date(0)], Object.create({ toJSON: () => 1 })];
    expect(cases.map(holdsToJSON)).toEqual([true, true, true, true, true]);
  });

  it("searches values too deep, too large or too shared for a plain walk, each object once", () => {
    let deep: unknown = { at: new Date(0) };
    for (let level = 0; level < 200; level++) deep = { level: [deep] };
    const wide = Array.from({ length: 100_000 }, (_, index) => ({ index }));
    let shared: unknown = { leaf: true };
    for (let level = 0; level < 40; level++) shared = [shared, shared]; // 2^40 paths, 41 objects
    expect([holdsToJSON(deep), holdsToJSON(wide), holdsToJSON([...wide, new Date(0)]), holdsToJSON(shared), holdsToJSON([shared, new Date(0)])]).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it("answers false for plain data, cycles included, and for keys JSON.stringify never reads", () => {
    const cyclic: Record<string, unknown> = { a: [1, "x", null] };
    cyclic["self"] = cyclic;
    const notEnumerable = Object.defineProperty({}, "at", { value: new Date(0) });
    const cases = [null, 1, "x", { a: { b: [true] } }, cyclic, notEnumerable, { [Symbol("s")]: new Date(0) }, () => 0, { toJSON: "not a function" }];
    expect(cases.map(holdsToJSON)).toEqual([false, false, false, false, false, false, false, false, false]);
  });
});

describe("jsonForm and checkJsonForm", () => {
  it("give the text JSON.stringify makes and that text read back", () => {
    expect(jsonForm({ at: new Date("2026-12-01T00:00:00.000Z"), skip: undefined })).toEqual({
      text: '{"at":"2026-12-01T00:00:00.000Z"}',
      value: { at: "2026-12-01T00:00:00.000Z" },
    });
    expect(jsonForm(Object.defineProperty({}, "toJSON", { value: () => undefined }))).toEqual({ text: undefined, value: undefined });
  });

  it("check the JSON form of a value holding a toJSON against an s.* schema, and nothing else", () => {
    const Named = s.object({ name: s.string() });
    const withToJSON = Object.defineProperty({ name: "Ada" }, "toJSON", { value: () => ({ name: "Ada", admin: true }) });
    expect(checkJsonForm(Named, withToJSON)).toEqual({
      text: '{"name":"Ada","admin":true}',
      value: { name: "Ada", admin: true },
      result: { ok: false, issues: [{ code: "unknown_property", path: "/admin", message: "is not allowed (unknown property)" }] },
    });
    expect(checkJsonForm(Named, { name: "Ada" })).toBeUndefined();
    const foreign = { "~standard": { version: 1 as const, vendor: "test", validate: (value: unknown) => ({ value }) } };
    expect(checkJsonForm(foreign, withToJSON)).toBeUndefined();
  });
});
