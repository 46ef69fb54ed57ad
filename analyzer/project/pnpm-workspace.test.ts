// A hostile pnpm-workspace.yaml's long line: trailing spaces were cut by a regular expression that
// backtracked over a run of them (a megabyte of spaces would hang the workspace's discovery).
import { expect, it } from "vitest";
import { parsePnpmWorkspace } from "./pnpm-workspace.js";

it("reads a list whose lines hold a megabyte of spaces, comments cut", () => {
  const spaces = " ".repeat(1_000_000);
  expect(
    parsePnpmWorkspace(
      `packages:\n  - "apps/*"${spaces}\n  - libs/*${spaces}# the libraries\n`,
      "pnpm-workspace.yaml",
    ),
  ).toEqual(["apps/*", "libs/*"]);
});
