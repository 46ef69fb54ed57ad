import { describe, expect, it } from "vitest";
import { s, validate } from "../index.js";
import { hasAtMostNodes } from "./bounded-issues.js";

const Named = s.object({ name: s.string() });
const withKeys = (count: number) => Object.fromEntries([["name", "Ada"], ...Array.from({ length: count }, (_, index) => [`k${index}`, 1])]);

describe("issue lists are bounded", () => {
  it("lists at most 50 issues of a small value and counts the others", () => {
    const result = Named.safeParse(withKeys(120));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([result.issues.length, result.issues[0], result.issues[49]?.path, result.omittedIssues]).toEqual([
      50,
      { code: "unknown_property", path: "/k0", message: "is not allowed (unknown property)" },
      "/k49",
      70,
    ]);
    expect(() => Named.parse(withKeys(120))).toThrow(/\(and 70 more\)$/);
  });

  it("stops at the first issue of a value with more than 1,000 nodes instead of collecting one per key", () => {
    expect(Named.safeParse(withKeys(60_000))).toEqual({
      ok: false,
      issues: [{ code: "unknown_property", path: "/k0", message: "is not allowed (unknown property)" }],
    });
  });

  it("keeps every issue of a small value below the bound", () => {
    const result = s.object({ a: s.string(), b: s.integer() }).safeParse({ a: 1, b: "x" });
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: "invalid_type", path: "/a", message: "must be string" },
        { code: "invalid_type", path: "/b", message: "must be integer" },
      ],
    });
  });

  it("bounds a foreign validator's issues too, reading them defensively", async () => {
    const issues = [...Array.from({ length: 80 }, (_, index) => ({ message: `bad ${index}`, path: [index] })), { message: 42, path: "x" }, null];
    const foreign = { "~standard": { version: 1 as const, vendor: "test", validate: () => ({ issues }) } };
    const result = await validate(foreign as never, {});
    expect(result).toEqual({
      ok: false,
      issues: Array.from({ length: 50 }, (_, index) => ({ code: "invalid", path: `/${index}`, message: `bad ${index}` })),
      omittedIssues: 32,
    });
  });

  it("counts nodes with an early stop", () => {
    expect(hasAtMostNodes({ a: [1, 2, { b: 3 }] }, 6)).toBe(true);
    expect(hasAtMostNodes({ a: [1, 2, { b: 3 }] }, 5)).toBe(false);
    expect(hasAtMostNodes(new Array(1e6).fill(0), 1_000)).toBe(false);
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(hasAtMostNodes(cyclic, 1_000)).toBe(false);
  });
});
