// resolveRelative stands in for path.resolve on the hot path: each case fails when the two differ.
import path from "node:path";
import { expect, it } from "vitest";
import { resolveRelative } from "./relative-target.js";

const dirs = [
  "/",
  "/a",
  "/a/b/c",
  "/work/src/features/orders",
  "/a/.hidden",
  "/a/..b",
  "/a/b/",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a/b/..",
];
const specifiers = [
  ".",
  "..",
  "./",
  "../",
  "./x",
  "../x",
  "../../x",
  "../../../../../x",
  "./x/y.js",
  "../x/index",
  "././x",
  "./../x",
  ".././x",
  "../..",
  "../../",
  "./x/../y",
  "./x/./y",
  "./x//y",
  "./x/",
  ".//x",
  "./...",
  "./.x",
  "./x..",
  "../.hidden/y",
  "./x/..",
  "./x/.",
  "../../..",
];

it("gives path.resolve's answer for every relative specifier in every folder", () => {
  for (const dir of dirs)
    for (const specifier of specifiers)
      expect([dir, specifier, resolveRelative(dir, specifier)]).toEqual([
        dir,
        specifier,
        path.resolve(dir, specifier),
      ]);
});
