import { describe, expect, it } from "vitest";
import { shellQuote, shellAssignment } from "./shell-quote.js";
import { shellCommands } from "./verify/shell-words.js";

describe("shellQuote", () => {
  // case-8, case-8b: the shown command ran `$(touch ...)` and backticks when pasted into bash.
  it.each([
    ["src/a.test.ts", "src/a.test.ts"],
    ["--coverage=false", "--coverage=false"],
    ["test/with space/b.test.ts", "'test/with space/b.test.ts'"],
    ["add `touch x` $(touch y)", "'add `touch x` $(touch y)'"],
    ["it's", "'it'\\''s'"],
    ["sum\\.spec\\.ts", "'sum\\.spec\\.ts'"],
    ["", "''"],
  ])("%s is shown as %s", (word, shown) => {
    expect(shellQuote(word)).toBe(shown);
    // A shell reads it back as the very word.
    expect(shellCommands(`x ${shown}`)).toEqual([["x", word]]);
  });

  it("quotes an assignment's value", () => {
    expect(shellAssignment("X_A", "$(touch${IFS}p)")).toBe("X_A='$(touch${IFS}p)'");
    expect(shellAssignment("NODE_OPTIONS", "--import=tsx/esm")).toBe(
      "NODE_OPTIONS=--import=tsx/esm",
    );
  });
});
