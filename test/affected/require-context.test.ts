// webpack's require.context loads every file below a folder: a change to one reaches the file
// that calls it, and a folder nobody can name makes that file affected by any change.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

/**
 * A project whose src/loader.ts holds `loader` (src/other.ts imports a story the ordinary way);
 * the tests each change selects.
 */
function selections(loader: string, name: string, changed: readonly string[]): string[][] {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      // What @types/webpack-env declares, as a script: the global `require`.
      "src/webpack-env.d.ts":
        "declare var require: { context(dir: string, deep?: boolean, filter?: RegExp): unknown };\n",
      "src/loader.ts": loader,
      "src/stories/button.stories.ts": "export const button = 1;\n",
      "src/stories/deep/menu.stories.ts": "export const menu = 1;\n",
      "src/other.ts": 'export { button as other } from "./stories/button.stories.js";\n',
      "test/loader.test.ts": 'import { loaded } from "../src/loader.js";\nexport { loaded };\n',
      "test/other.test.ts": 'import { other } from "../src/other.js";\nexport { other };\n',
    },
    name,
  );
  const analysis = analyze({ root });
  return changed.map((file) =>
    selectionOf(affectedFor(analysis, { path: file, status: "modified" })),
  );
}

describe("require.context", () => {
  it("a file below the folder reaches the caller's tests, deep or not; another file does not", () => {
    expect(
      selections(
        'export const loaded = require.context("./stories", true, /\\.stories\\.ts$/);\n',
        "require-context",
        ["src/stories/button.stories.ts", "src/stories/deep/menu.stories.ts", "src/other.ts"],
      ),
    ).toEqual([
      ["test/loader.test.ts", "test/other.test.ts"],
      ["test/loader.test.ts"],
      ["test/other.test.ts"],
    ]);
  });

  it("a folder that is no literal: the caller is affected by any change", () => {
    expect(
      selections(
        'const dir = process.argv[2] ?? "./stories";\nexport const loaded = require.context(dir);\n',
        "require-context-unknown",
        ["src/other.ts"],
      ),
    ).toEqual([["test/loader.test.ts", "test/other.test.ts"]]);
  });

  it("a local `require` is no webpack's: its context() of an unknown folder loads nothing", () => {
    expect(
      selections(
        'const require = { context: (dir: string) => dir };\nexport const loaded = require.context(process.argv[2] ?? "x");\n',
        "require-context-shadowed",
        ["src/other.ts"],
      ),
    ).toEqual([["test/other.test.ts"]]);
  });
});
