// A test that loads a module through a library naming it as a specifier (`rewire("../src/api")`,
// `proxyquire("../src/api.js", {})`, `importFresh`), not an import: the string names no file of
// its own name, the module a loader finds for it. Before, only exact paths counted, so a change
// inside the module selected no such test; and of two cases naming one path, only the first.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

describe("a relative specifier in a string", () => {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/features/shop/api.ts": "export const fetchPrice = (): number => {\n  return 1;\n};\n",
      "test/loaders.test.ts": [
        'import { it } from "vitest";',
        "declare const rewire: (module: string) => { fetchPrice(): number };",
        "declare const proxyquire: (module: string, stubs: object) => { fetchPrice(): number };",
        'it("rewires", () => rewire("../src/features/shop/api").fetchPrice());',
        'it("proxies", () => proxyquire("../src/features/shop/api.js", {}).fetchPrice());',
        'it("names nothing", () => rewire("../src/features/shop/missing"));',
        "",
      ].join("\n"),
      "test/twice.test.ts": [
        'import { it } from "vitest";',
        "declare const read: (file: string) => string;",
        'it("reads", () => read("../src/features/shop/api.ts"));',
        'it("reads again", () => read("../src/features/shop/api.ts"));',
        "",
      ].join("\n"),
      "test/many.test.ts": [
        'import { it } from "vitest";',
        "declare const read: (file: string) => string;",
        ...Array.from(
          { length: 40 },
          (_, n) => `it("reads ${n}", () => read("../src/features/shop/api.ts"));`,
        ),
        "",
      ].join("\n"),
    },
    "specifier-strings",
  );
  const analysis = analyze({ root });

  it("names the module a loader resolves it to: extensionless, or .js for the .ts beside it", () => {
    const result = affectedFor(analysis, {
      path: "src/features/shop/api.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(result.widened).toEqual([]);
    expect(selectionOf(result).filter((test) => test.startsWith("test/loaders"))).toEqual([
      "test/loaders.test.ts:4",
      "test/loaders.test.ts:5",
    ]);
  });

  // Only the first place that named a path counted: the second case was never selected.
  it("every place that names a file counts, not the first alone", () => {
    const result = affectedFor(analysis, {
      path: "src/features/shop/api.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    // Both of its cases: the whole file.
    expect(selectionOf(result).filter((test) => test.startsWith("test/twice"))).toEqual([
      "test/twice.test.ts",
    ]);
    // Named in more than 32 places: once for the whole module, every case still reached.
    expect(selectionOf(result).filter((test) => test.startsWith("test/many"))).toEqual([
      "test/many.test.ts",
    ]);
  });
});
