import { describe, expect, it } from "vitest";
import type { AffectedResult } from "../affected/result.js";
import { affectedText } from "./affected-text.js";

const NONE = {
  files: [],
  features: [],
  operations: [],
  ports: [],
  adapters: [],
  events: [],
  invariants: [],
};

function result(lines: readonly (readonly [number, number])[]): AffectedResult {
  return {
    schemaVersion: 1,
    command: "affected",
    since: "HEAD~5",
    targets: [],
    changes: [{ path: "package-lock.json", status: "modified", oldPath: null, lines }],
    widened: [],
    affected: NONE,
    edges: [],
    tests: { selected: { files: 0, cases: 0 }, total: { files: 0, cases: 0 }, files: [] },
    notes: [],
  };
}

describe("affectedText", () => {
  // A lockfile's diff had 340 ranges on one line (nestjs-realworld-example-app, --since HEAD~5).
  it("lists a changed file's first 12 line ranges and counts the rest", () => {
    const ranges = Array.from(
      { length: 15 },
      (_, at) => [at * 10 + 1, at * 10 + (at % 2) + 1] as const,
    );
    expect(affectedText(result(ranges)).split("\n")[3]).toBe(
      "  M package-lock.json (lines 1, 11-12, 21, 31-32, 41, 51-52, 61, 71-72, 81, 91-92, 101, 111-112, and 3 more)",
    );
    expect(affectedText(result([[4, 4]])).split("\n")[3]).toBe("  M package-lock.json (lines 4)");
  });
});
