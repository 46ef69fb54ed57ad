import { describe, expect, it } from "vitest";
import { parseShard, shardFiles } from "./shard.js";

const file = (name: string, selected: number) => ({ file: name, selected });

describe("--shard", () => {
  it("reads i/n and refuses everything else with one message", () => {
    expect(parseShard("2/4", "verify")).toEqual({ index: 2, count: 4 });
    expect(parseShard("1/1", "verify")).toEqual({ index: 1, count: 1 });
    for (const bad of [
      "0/2",
      "3/2",
      "1/0",
      "a/b",
      "1/",
      "/2",
      "1/2/3",
      " 1/2",
      "1.5/2",
      "-1/2",
      "01/2",
      "1e1/20",
    ])
      expect(() => parseShard(bad, "affected"), bad).toThrow(
        `--shard must be <i>/<n> with whole numbers 1 <= i <= n (e.g. 2/4), got "${bad}"`,
      );
  });

  it("packs whole files by case count, largest first, ties by path, into the lightest part", () => {
    const files = [
      file("d.test.ts", 1),
      file("a.test.ts", 5),
      file("c.test.ts", 3),
      file("b.test.ts", 3),
      file("e.test.ts", 2),
    ];
    // a(5) -> 1; b(3) -> 2; c(3) -> 2 (3 < 5); e(2) -> 1 (5 < 6)... loads: 1: a,e = 7; 2: b,c = 6; d(1) -> 2.
    expect(shardFiles(files, { index: 1, count: 2 }).map((f) => f.file)).toEqual([
      "a.test.ts",
      "e.test.ts",
    ]);
    expect(shardFiles(files, { index: 2, count: 2 }).map((f) => f.file)).toEqual([
      "d.test.ts",
      "c.test.ts",
      "b.test.ts",
    ]);
    // Every file in exactly one part, whatever n; more parts than files leave parts empty.
    for (const count of [1, 2, 3, 7]) {
      const parts = Array.from({ length: count }, (_, i) =>
        shardFiles(files, { index: i + 1, count }),
      );
      expect(
        parts
          .flat()
          .map((f) => f.file)
          .sort(),
      ).toEqual(files.map((f) => f.file).sort());
    }
    expect(shardFiles(files, { index: 7, count: 7 })).toEqual([]);
    expect(shardFiles([], { index: 1, count: 3 })).toEqual([]);
  });
});
