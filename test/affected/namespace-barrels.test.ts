// A namespace import of a barrel (`import * as shop from "./index.js"`, the barrel `export * from
// "./price.js"`) names every module the barrel re-exports: `shop.price()` uses price.ts's price.
// Before, the namespace named the barrel's own code alone, so a change inside `price` selected no
// test that calls it through the namespace, or through `import()` of the barrel. `shop.tax()`
// names tax alone, as `import { tax }` does.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const test = (imports: string, call: string) =>
  `import { it } from "vitest";\n${imports}\n\nit("calls", () => ${call});\n`;

describe("a namespace import of a barrel", () => {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/features/shop/price.ts":
        "export const price = (): number => {\n  return 1;\n};\nexport const tax = (): number => {\n  return 2;\n};\n",
      "src/features/shop/index.ts": 'export * from "./price.js";\n',
      "src/features/shop/named.ts": 'export { price as cost } from "./price.js";\n',
      "src/features/shop/all.ts": 'export * from "./index.js";\nexport const local = 1;\n',
      "src/features/shop/inner.ts": 'export * as inner from "./price.js";\n',
      "test/star.test.ts": test(
        'import * as shop from "../src/features/shop/index.js";',
        "shop.price()",
      ),
      "test/named.test.ts": test(
        'import * as shop from "../src/features/shop/named.js";',
        "shop.cost()",
      ),
      "test/deep.test.ts": test(
        'import * as shop from "../src/features/shop/all.js";',
        "shop.price()",
      ),
      "test/inner.test.ts": test(
        'import { inner } from "../src/features/shop/inner.js";',
        "inner.price()",
      ),
      "test/local.test.ts": test('import { local } from "../src/features/shop/all.js";', "local"),
      "test/tax.test.ts": test(
        'import * as shop from "../src/features/shop/index.js";',
        "shop.tax()",
      ),
      "test/dynamic.test.ts": test(
        "",
        'import("../src/features/shop/index.js").then((shop) => shop.price())',
      ),
      "test/whole.test.ts": test(
        'import * as shop from "../src/features/shop/index.js";',
        "Object.values(shop)",
      ),
    },
    "namespace-barrels",
  );
  const analysis = analyze({ root });

  it("a change inside a re-exported function reaches the tests calling it through the namespace", () => {
    const result = affectedFor(analysis, {
      path: "src/features/shop/price.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(result.widened).toEqual([]);
    expect(selectionOf(result)).toEqual([
      "test/deep.test.ts",
      "test/dynamic.test.ts",
      "test/inner.test.ts",
      "test/named.test.ts",
      "test/star.test.ts",
      "test/whole.test.ts",
    ]);
  });

  it("a member read names that member alone, as a named import would; the namespace handed on, all", () => {
    const result = affectedFor(analysis, {
      path: "src/features/shop/price.ts",
      status: "modified",
      lines: [[5, 5]],
    });
    expect(selectionOf(result)).toEqual([
      "test/dynamic.test.ts",
      "test/tax.test.ts",
      "test/whole.test.ts",
    ]);
  });
});
