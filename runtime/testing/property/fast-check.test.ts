import { describe, expect, it } from "vitest";
import { isMissingPackage } from "./fast-check.js";

describe("the optional fast-check peer", () => {
  it("tells a missing fast-check apart from any other failure to load it", () => {
    const missing = (message: string, code = "ERR_MODULE_NOT_FOUND") => Object.assign(new Error(message), { code });
    expect(isMissingPackage(missing("Cannot find package 'fast-check' imported from /app/node_modules/agentix/dist/x.js"), "fast-check")).toBe(true);
    expect(isMissingPackage(missing("Cannot find module 'fast-check'", "MODULE_NOT_FOUND"), "fast-check")).toBe(true);
    // fast-check is there, but one of its own dependencies is not: that error must surface as it is.
    expect(isMissingPackage(missing("Cannot find package 'pure-rand' imported from /app/node_modules/fast-check/lib/fast-check.js"), "fast-check")).toBe(false);
    expect(isMissingPackage(missing("Cannot find package 'fast-check-extra'"), "fast-check")).toBe(false);
    expect(isMissingPackage(new SyntaxError("Unexpected token 'export'"), "fast-check")).toBe(false);
    expect(isMissingPackage("Cannot find package 'fast-check'", "fast-check")).toBe(false);
    expect(isMissingPackage(null, "fast-check")).toBe(false);
  });
});
