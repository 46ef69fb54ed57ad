// Vite's `import.meta.glob("../orders/*.ts")` loads every file it matches: another feature's
// private files matched so are as private as imported ones (one report a pattern, naming the
// first such file).
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";
import {
  ordersFileFromCustomers,
  ordersModelFromOutside,
} from "../../test/support/private-imports-reports.js";

const ruleTester = new RuleTester();

const customers = fixture("project", "src/features/customers/operations.ts");
const main = fixture("project", "src/main.ts");

ruleTester.run("no-private-imports (import.meta.glob)", noPrivateImports, {
  valid: [
    {
      name: "contracts only, the feature's own files, negatives that leave only the contract",
      filename: customers,
      code: [
        'export const contracts = import.meta.glob("../*/contract.ts");',
        'export const own = import.meta.glob("./*.ts", { eager: true });',
        'export const left = import.meta.glob(["../orders/*.ts", "!../orders/{feature,model}.ts"]);',
        'export const mine = import.meta.glob("./*.ts", { base: "./", eager: true });',
        'export const unknown = (dir: string) => import.meta.glob("./*.ts", { base: dir });',
      ].join("\n"),
    },
    {
      name: "descriptors from outside features; aliases no `paths` entry maps, bare words and non-literals not followed",
      filename: main,
      code: [
        'export const descriptors = import.meta.glob("./features/*/feature.ts");',
        'export const aliased = import.meta.glob("@/features/orders/*.ts");',
        "export const named = (pattern: string) => import.meta.glob(pattern);",
        "export const url = import.meta.url;",
      ].join("\n"),
    },
  ],
  invalid: [
    {
      name: "another feature's files, one report a pattern",
      filename: customers,
      code: [
        'export const all = import.meta.glob("../orders/*.ts");',
        'export const deep = import.meta.glob(["../orders/**/*.ts", "!../orders/*.ts"], { eager: true });',
      ].join("\n"),
      errors: [
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/feature.ts"),
          line: 1,
          column: 37,
        },
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/internal/index.ts"),
          line: 2,
          column: 39,
        },
      ],
    },
    {
      name: "from outside features, a private file among the contract and the descriptor",
      filename: main,
      code: 'export const orders = import.meta.glob("/src/features/orders/*.ts");',
      errors: [
        {
          messageId: "outsideFeature",
          data: ordersModelFromOutside,
          line: 1,
          column: 40,
        },
      ],
    },
    {
      name: "by an alias, as the tsconfig's `paths` map it (@app/* -> ./src/*)",
      filename: main,
      code: 'export const orders = import.meta.glob("@app/features/orders/*.ts");',
      errors: [
        {
          messageId: "outsideFeature",
          data: ordersModelFromOutside,
          line: 1,
          column: 40,
        },
      ],
    },
    {
      name: "relative patterns under a `base` (from the file's folder, or /x from the root)",
      filename: customers,
      code: [
        'export const moved = import.meta.glob("./*.ts", { base: "../orders" });',
        'export const rooted = import.meta.glob(["./model.ts"], { base: "/src/features/orders" });',
      ].join("\n"),
      errors: [
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/feature.ts"),
          line: 1,
          column: 39,
        },
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/model.ts"),
          line: 2,
          column: 41,
        },
      ],
    },
    {
      name: "a pattern that starts with ** matches from the root, as Vite's",
      filename: customers,
      code: 'export const anywhere = import.meta.glob("**/orders/model.ts");',
      errors: [
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/model.ts"),
          line: 1,
          column: 42,
        },
      ],
    },
  ],
});
