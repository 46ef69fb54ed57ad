// An import through a Vite alias (`resolve.alias` of the Vitest config, or of the vite.config it
// merges) that the tsconfig's `paths` do not mirror: TypeScript reads it as a package that is
// not installed, Vitest loads the project file the alias leads to. Before, a change to that file
// selected no test importing it so; now such an import is a loader of an unknown target.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const tsconfig = (paths: Record<string, string[]> = {}) =>
  JSON.stringify({
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true, paths },
    include: ["src", "test"],
  });

/** The tests a change to src/features/shop/price.ts selects, and the notes, for these files. */
function selectedBy(files: Record<string, string>, name: string) {
  const root = writtenProject(
    {
      "src/features/shop/price.ts": "export const price = (): number => 1;\n",
      "src/features/shop/other.ts": "export const other = (): number => 2;\n",
      "test/alias.test.ts":
        'import { it } from "vitest";\nimport { price } from "~/features/shop/price";\n\nit("prices", () => price());\n',
      "test/other.test.ts":
        'import { it } from "vitest";\nimport { other } from "../src/features/shop/other";\n\nit("other", () => other());\n',
      ...files,
    },
    name,
  );
  const result = affectedFor(analyze({ root }), {
    path: "src/features/shop/price.ts",
    status: "modified",
  });
  expect(result.widened).toEqual([]);
  return { tests: selectionOf(result), notes: result.notes };
}

const NOTE =
  'test/alias.test.ts:2: "~/features/shop/price" is a Vite alias (resolve.alias) the tsconfig\'s paths do not map: the file it loads is not followed: it runs with any change';

describe("an import through a Vite alias", () => {
  it("the tsconfig does not mirror it: the test that imports so runs with any change", () => {
    expect(
      selectedBy(
        {
          "tsconfig.json": tsconfig(),
          "vitest.config.ts":
            'import { defineConfig } from "vitest/config";\nexport default defineConfig({ resolve: { alias: { "~": "/src" } } });\n',
        },
        "vite-alias-unmirrored",
      ),
    ).toEqual({ tests: ["test/alias.test.ts"], notes: [NOTE] });
  });

  it("set in the vite.config that the Vitest config merges", () => {
    expect(
      selectedBy(
        {
          "tsconfig.json": tsconfig(),
          "vite.config.ts":
            'export default { resolve: { alias: [{ find: "~", replacement: "/src" }] } };\n',
          "vitest.config.ts":
            'import { mergeConfig } from "vitest/config";\nimport viteConfig from "./vite.config";\nexport default mergeConfig(viteConfig, { test: {} });\n',
        },
        "vite-alias-merged",
      ),
    ).toEqual({ tests: ["test/alias.test.ts"], notes: [NOTE] });
  });

  it("an alias list it cannot read: every import of a package the project does not declare", () => {
    expect(
      selectedBy(
        {
          "tsconfig.json": tsconfig(),
          "package.json": JSON.stringify({ devDependencies: { vitest: "4.1.0" } }),
          "vitest.config.ts":
            'import { defineConfig } from "vitest/config";\nimport { alias } from "./aliases";\nexport default defineConfig({ resolve: { alias } });\n',
        },
        "vite-alias-unread",
      ),
    ).toEqual({ tests: ["test/alias.test.ts"], notes: [NOTE] });
  });

  it("mirrored by the tsconfig's paths: followed to the file, no note", () => {
    expect(
      selectedBy(
        {
          "tsconfig.json": tsconfig({ "~/*": ["./src/*"] }),
          "vitest.config.ts":
            'import { defineConfig } from "vitest/config";\nexport default defineConfig({ resolve: { alias: { "~": "/src" } } });\n',
        },
        "vite-alias-mirrored",
      ),
    ).toEqual({ tests: ["test/alias.test.ts"], notes: [] });
  });
});
