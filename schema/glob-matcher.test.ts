import { describe, expect, it } from "vitest";
import { globMatcher } from "./glob-matcher.js";

// nestjs-boilerplate and ghostfolio, configured by hand: ["src/features/*", "!src/features/legacy"]
// made 101 and 116 "features" (picomatch ORs a negation in: it matches every other path).
describe("globMatcher", () => {
  it("matches what one glob matches and no '!' glob does", () => {
    const matches = globMatcher(["src/features/*", "!src/features/legacy"]);
    expect(
      ["src/features/orders", "src/features/legacy", "src", "src/lib", "lib/features/x"].map(
        matches,
      ),
    ).toEqual([true, false, false, false, false]);
  });

  it("matches nothing with no glob, or negations alone", () => {
    expect(globMatcher([])("src")).toBe(false);
    expect(globMatcher(["!src/legacy"])("src/other")).toBe(false);
  });
});
