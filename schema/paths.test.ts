// isFileDirectlyIn answers for path.dirname(path.resolve(file)) on the hot path: each case fails
// when the two differ.
import path from "node:path";
import { expect, it } from "vitest";
import { isFileDirectlyIn } from "./paths.js";

it("is true exactly when path.resolve(file) lies directly in dir and keeps file's spelling", () => {
  const dir = "/work/app/src";
  const files = [
    "/work/app/src/a.ts",
    "/work/app/src/.a.ts",
    "/work/app/src/..a.ts",
    "/work/app/src/a.",
    "/work/app/src/.",
    "/work/app/src/..",
    "/work/app/src/",
    "/work/app/src//a.ts",
    "/work/app/src/sub/a.ts",
    "/work/app/srcx/a.ts",
    "/work/app/sr/a.ts",
    "/work/app/src",
    "/work/app/a.ts",
    "work/app/src/a.ts",
  ];
  for (const file of files) {
    const expected = file === path.resolve(file) && path.dirname(file) === dir;
    expect([file, isFileDirectlyIn(dir, file)]).toEqual([file, expected]);
  }
  expect(isFileDirectlyIn("/", "/a.ts")).toBe(false); // the root is left to path.dirname
});
