// `declare module "x" { ... }` in a module augments x: the index records it as an import of x
// (form "module-augmentation", types only), so no-private-imports reports an augmentation of
// another feature's private file in ESLint and check alike (the parity fixture's case).
import { describe, expect, it } from "vitest";
import { analyzeProject, indexProblems } from "../../analyzer/index.js";
import { fixtureDir } from "../support/analyzer-fixtures.js";

describe("a module augmentation", () => {
  const index = analyzeProject({ root: fixtureDir("parity") });

  it("is an import of the module it augments, types only, in a valid index", () => {
    expect(indexProblems(index)).toEqual([]);
    expect(index.files.find((file) => file.path === "src/features/loans/augmentation.ts")).toEqual({
      path: "src/features/loans/augmentation.ts",
      feature: "loans",
      role: "feature",
      imports: [
        {
          specifier: "../catalog/pricing.js",
          form: "module-augmentation",
          typeOnly: true,
          resolution: "file",
          target: "src/features/catalog/pricing.ts",
          line: 3,
        },
      ],
    });
  });
});
