import { describe, expect, it } from "vitest";
import { findCycles, findCyclicComponents } from "./cycles.js";

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe("feature dependency cycles", () => {
  it("finds one shortest cycle per strongly connected component, from its smallest id", () => {
    const edges = graph({
      c: ["a"],
      a: ["b"],
      b: ["c", "d"],
      d: ["d"],
      e: ["a"],
      x: ["y"],
      y: ["x"],
    });
    expect(findCycles(edges)).toEqual([["a", "b", "c"], ["d"], ["x", "y"]]);
  });

  it("names every member of a component", () => {
    const edges = graph({ a: ["b"], b: ["c", "a"], c: ["a"], d: ["a"] });
    expect(findCyclicComponents(edges)).toEqual([{ members: ["a", "b", "c"], cycle: ["a", "b"] }]);
  });

  it("finds nothing in a directed acyclic graph", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });
});
