import { describe, expect, it } from "vitest";
import { cappedLines, listText, plural, quotedInput } from "./text.js";

describe("listText", () => {
  const files = ["a", "b", "c", "d"];

  it("joins every value, or says what an empty list reads as", () => {
    expect([listText(files), listText([]), listText([], { empty: "(none)" })]).toEqual([
      "a, b, c, d",
      "",
      "(none)",
    ]);
  });

  it("counts the values past the limit, with or without a serial comma", () => {
    expect([
      listText(files, { limit: 2 }),
      listText(files, { limit: 2, serialComma: true }),
      listText(files, { limit: 4 }),
    ]).toEqual(["a, b and 2 more", "a, b, and 2 more", "a, b, c, d"]);
  });

  it("puts the plural on counts other than one", () => {
    expect([plural(0, "file"), plural(1, "file"), plural(2, "test file")]).toEqual([
      "0 files",
      "1 file",
      "2 test files",
    ]);
  });
});

describe("cappedLines", () => {
  it("renders every item up to the limit, then one line counting the rest", () => {
    const render = (n: number) => `  item ${n}`;
    expect(cappedLines([1, 2, 3], render, 2)).toEqual([
      "  item 1",
      "  item 2",
      "  and 1 more (--json lists every one)",
    ]);
    expect(cappedLines([1, 2], render, 2)).toEqual(["  item 1", "  item 2"]);
    expect(cappedLines([], render, 2)).toEqual([]);
  });
});

// An MCP client's inspect of a 1 MB target came back as a 1 MB error, after 5 s.
describe("quotedInput", () => {
  it("quotes short input whole, and long input by its start and its length", () => {
    expect(quotedInput("orders.place")).toBe('"orders.place"');
    const long = "x".repeat(1_000_000);
    expect(quotedInput(long)).toBe(`"${"x".repeat(200)}..." (1000000 characters)`);
  });
});
