// Vitest's in-source testing: `includeSource` names source files whose `if (import.meta.vitest)`
// block it runs as tests. Such a file was no test to agentix, so a change it observes selected
// nothing there and verify passed while Vitest failed it (helper-30 repro-1).
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({
    root: writtenProject(
      {
        "package.json":
          '{ "name": "in-source", "private": true, "type": "module", "scripts": { "test": "vitest run" } }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": ["vitest/importMeta"], "noEmit": true }, "include": ["src", "test"] }\n',
        "vitest.config.ts":
          'import { defineConfig } from "vitest/config";\nexport default defineConfig({ define: { "import.meta.vitest": "undefined" }, test: { includeSource: ["src/**/*.ts"] } });\n',
        "src/rate.ts": "export const TAX_RATE = 0.2;\n",
        "src/price.ts":
          'import { TAX_RATE } from "./rate.js";\n\nexport function withTax(net: number): number {\n  return net * (1 + TAX_RATE);\n}\n\nif (import.meta.vitest) {\n  const { it, expect } = import.meta.vitest;\n  it("adds tax", () => {\n    expect(withTax(10)).toBe(12);\n  });\n}\n',
        "src/plain.ts":
          'import { TAX_RATE } from "./rate.js";\n\nexport const half = TAX_RATE / 2;\n',
        "test/rate.test.ts":
          'import { expect, it } from "vitest";\nimport { TAX_RATE } from "../src/rate.js";\n\nit("is a fraction", () => {\n  expect(TAX_RATE).toBeLessThan(1);\n});\n',
      },
      "in-source-tests",
    ),
  });
});
afterAll(removeCopies);

it("a source file with an import.meta.vitest block includeSource names is a test Vitest runs", () => {
  const result = affectedFor(analysis, { path: "src/rate.ts", status: "modified" });
  expect(result.widened).toEqual([]);
  expect(result.tests.files.map((file) => file.file)).toEqual([
    "src/price.ts",
    "test/rate.test.ts",
  ]);
  // src/plain.ts has no in-source block: Vitest runs no test there.
  expect(result.tests.total.files).toBe(2);
});
