import { describe, expect, it } from "vitest";
import { closeNames } from "./close-names.js";

describe("closeNames", () => {
  const names = [
    "features",
    "adapters",
    "compositionRoots",
    "tests",
    "ignores",
    "rules",
    "ambient",
  ];

  it("names what a prefix or a near miss meant, closest first", () => {
    expect(closeNames("feature", names)).toEqual(["features"]);
    expect(closeNames("rule", names)).toEqual(["rules"]);
    expect(closeNames("adaptrs", names)).toEqual(["adapters"]);
    expect(closeNames("tsts", names)).toEqual(["tests"]);
  });

  it("names nothing for a megabyte-long name, without measuring it against each", () => {
    expect(closeNames("f".repeat(1 << 20), names)).toEqual([]);
    expect(closeNames(`${"x".repeat(1 << 20)}features`, names, 3)).toEqual([]);
  });

  it("names nothing far off", () => {
    expect(closeNames("xyz", names)).toEqual([]);
    expect(closeNames("time", ["clock", "network"])).toEqual([]);
  });

  it("takes a larger share of a short name as mistyped when asked", () => {
    expect(closeNames("directory", ["directories", "contract"])).toEqual([]);
    expect(closeNames("directory", ["directories", "contract"], 3)).toEqual(["directories"]);
  });
});
