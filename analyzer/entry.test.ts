import { describe, expect, it } from "vitest";

describe("agentix/analyzer's entry", () => {
  it("exports exactly the library's names, after the toolchain check", async () => {
    const [entry, library] = await Promise.all([import("./entry.js"), import("./index.js")]);
    expect(Object.keys(entry).sort()).toEqual(Object.keys(library).sort());
    for (const name of Object.keys(library))
      expect(entry[name as keyof typeof entry], name).toBe(library[name as keyof typeof library]);
  });
});
