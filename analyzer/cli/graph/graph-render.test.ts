import { describe, expect, it } from "vitest";
import { graphText } from "./graph-render.js";

describe("graphText", () => {
  // nestjs-realworld-example-app has no feature folder: `agentix graph` printed an empty line.
  it("says so when there is no feature", () => {
    expect(
      graphText({ schemaVersion: 1, command: "graph", feature: null, nodes: [], edges: [] }),
    ).toBe("no features\n");
  });
});
