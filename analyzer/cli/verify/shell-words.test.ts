import { describe, expect, it } from "vitest";
import { shellCommands } from "./shell-words.js";

describe("shellCommands", () => {
  it("reads quotes and backslashes as a POSIX shell does", () => {
    expect(shellCommands(` NODE_OPTIONS='--import=tsx/esm' c8 "a b" c''d ""  `)).toEqual([
      ["NODE_OPTIONS=--import=tsx/esm", "c8", "a b", "cd", ""],
    ]);
    expect(shellCommands(`a\\ b "x\\"y\\z" 'p\\q' c\\\nd`)).toEqual([
      ["a b", 'x"y\\z', "p\\q", "cd"],
    ]);
  });

  it("splits commands at unquoted operators and newlines only", () => {
    expect(shellCommands(`jest -t 'unit|integration' && a "b;c" || d | e; f & g\nh (i)`)).toEqual([
      ["jest", "-t", "unit|integration"],
      ["a", "b;c"],
      ["d"],
      ["e"],
      ["f"],
      ["g"],
      ["h"],
      ["i"],
    ]);
  });

  it("drops comments and redirections", () => {
    expect(shellCommands("jest --ci # a; b\nc a#b '#'")).toEqual([
      ["jest", "--ci"],
      ["c", "a#b", "#"],
    ]);
    expect(shellCommands("jest 2>&1 >out.txt --ci < in >> log")).toEqual([["jest", "--ci"]]);
  });

  // sh makes a command's assignments left to right: B sees A=1; the argument sees A as it was.
  it("expands a leading assignment with the assignments before it, and nothing else with them", () => {
    expect(shellCommands('A=1 B=$A jest $A "${A}"; echo $A', { A: "0" })).toEqual([
      ["A=1", "B=1", "jest", "0", "0"],
      ["echo", "0"],
    ]);
    expect(shellCommands('A="x y" B="$A" jest')).toEqual([["A=x y", "B=x y", "jest"]]);
  });
});
