import { describe, expect, it } from "vitest";
import { gapEnd } from "./gaps.js";

describe("gapEnd (white space and comments between two tokens)", () => {
  it.each([
    ["|x", "no gap"],
    [" \t\n\r\v\f|x", "ASCII white space"],
    ["\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff|x", "the rest of \\s"],
    ["/* a */ /**/|(", "block comments"],
    ["/* a */// b\n|(", "a line comment after a block comment"],
    ["/* a // b */|(", "a line comment's opening inside a block comment"],
    ["// a /* b\n|*/(", "a block comment's opening inside a line comment"],
    ["/* a */|*/(", "a block comment ends at its first closing"],
    ["|/* unterminated", "an unterminated block comment is no gap"],
    ["|// no line feed", "a line comment without its line feed is no gap"],
    [" |/ x", "a lone slash"],
    ["|\u200b", "a zero-width space is no white space"],
    ["   |", "the end of the text"],
  ])("%j ends at the bar (%s)", (marked) => {
    expect(gapEnd(marked.replace("|", ""), 0)).toBe(marked.indexOf("|"));
  });

  it("starts where it is asked to, in the middle of a comment too", () => {
    const text = "/* a */ b /* c */ d";
    expect(gapEnd(text, 7)).toBe(8);
    expect(gapEnd(text, 3)).toBe(3); // "a": no gap
    expect(gapEnd(text, 9)).toBe(18);
  });

  it("answers each text by its own content, however the texts alternate", () => {
    const one = "/* x */ 1";
    const two = "// y\n   2";
    for (let round = 0; round < 3; round += 1) {
      expect(gapEnd(one, 0)).toBe(8);
      expect(gapEnd(two, 0)).toBe(8);
      expect(gapEnd(one, 3)).toBe(3); // inside the comment: "x" is no gap
    }
  });

  // What the regular expression it replaced threw on: one backtracking entry per comment.
  it("skips 750,000 comments in a row, entered at each of them, in linear time", () => {
    const unit = "// import\n";
    const text = `${unit.repeat(750_000)}(`;
    expect(gapEnd(text, 0)).toBe(text.length - 1);
    // Entered inside each comment, after its "import": the rest of the run, remembered.
    for (let at = 9; at < text.length; at += unit.length * 997)
      expect(gapEnd(text, at)).toBe(text.length - 1);
  });

  it("skips a comment of any length", () => {
    const text = `/*${"x".repeat(100_000)}*/(`;
    expect(gapEnd(text, 0)).toBe(text.length - 1);
  });
});
