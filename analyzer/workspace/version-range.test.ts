import { describe, expect, it } from "vitest";
import { rangeAdmits } from "./version-range.js";

describe("rangeAdmits", () => {
  it.each([
    ["10.3.6", "10.3.6", true],
    ["10.3.6", "10.3.7", false],
    ["=10.3.6", "10.3.6", true],
    ["v1.0.0", "1.0.0", true],
    ["^1.2.3", "1.2.3", true],
    ["^1.2.3", "1.9.0", true],
    ["^1.2.3", "2.0.0", false],
    ["^1.2.3", "1.2.2", false],
    ["^0.2.3", "0.2.9", true],
    ["^0.2.3", "0.3.0", false],
    ["^0.0.3", "0.0.3", true],
    ["^0.0.3", "0.0.4", false],
    ["~1.2.3", "1.2.9", true],
    ["~1.2.3", "1.3.0", false],
    ["~0.0.1", "0.0.5", true],
    ["^8.6.0", "0.0.0", false],
    ["*", "0.0.0", true],
    ["", "3.1.4", true],
    ["x", undefined, true],
  ])("%j admits %j: %s", (range, version, expected) => {
    expect(rangeAdmits(range, version)).toBe(expected);
  });

  it.each([
    [">=9 <10", "9.1.0"],
    ["^1 || ^2", "1.0.0"],
    ["1.2.3 - 2.0.0", "1.5.0"],
    ["^1.2", "1.5.0"],
    ["latest", "1.0.0"],
    ["^1.2.3", "1.2.3-beta.1"],
    ["^1.2.3", undefined],
    ["^1.2.3", "workspace"],
  ])("cannot tell whether %j admits %j", (range, version) => {
    expect(rangeAdmits(range, version)).toBeUndefined();
  });
});
