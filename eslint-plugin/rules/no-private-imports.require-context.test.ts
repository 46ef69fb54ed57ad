// webpack's require.context loads every file below a folder that its expression matches: another
// feature's private files among them are as private as imported ones (one report a call, naming
// the first such file).
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";
import {
  ordersFileFromCustomers,
  ordersModelFromCustomers,
  ordersModelFromOutside,
} from "../../test/support/private-imports-reports.js";

const ruleTester = new RuleTester();

const customers = fixture("project", "src/features/customers/operations.ts");
const main = fixture("project", "src/main.ts");

ruleTester.run("no-private-imports (require.context)", noPrivateImports, {
  valid: [
    {
      name: "contracts only, the feature's own files, what loads nothing, what cannot be named",
      filename: customers,
      code: [
        'export const contracts = require.context("..", true, /contract\\.ts$/);',
        'export const own = require.context("./", false);',
        'export const path = require.resolve("../orders/model");',
        "export const named = (dir: string) => require.context(dir);",
      ].join("\n"),
    },
    {
      name: "a local require is not webpack's",
      filename: customers,
      code: 'const require = { context: (dir: string) => dir };\nexport const c = require.context("../orders");',
    },
    {
      name: "from outside features, a folder's descriptors and contracts",
      filename: main,
      code: 'export const entries = require.context("./features", true, /(feature|contract)\\.ts$/);',
    },
  ],
  invalid: [
    {
      name: "another feature's folder, deep by default",
      filename: customers,
      code: 'export const orders = require.context("../orders", true, /\\.ts$/);',
      errors: [
        {
          messageId: "crossFeature",
          data: ordersFileFromCustomers("src/features/orders/feature.ts"),
          line: 1,
          column: 39,
        },
      ],
    },
    {
      name: "through a cast (TypeScript's types know no require.context) and by a computed name",
      filename: customers,
      code: [
        'export const cast = (require as any).context("../orders", false, /model\\.ts$/);',
        'export const computed = require["context"]("../orders", false, /model\\.ts$/);',
      ].join("\n"),
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 46,
        },
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 2,
          column: 44,
        },
      ],
    },
    {
      name: "from outside features, a private file the expression matches, not deep",
      filename: main,
      code: 'export const models = require.context("./features/orders", false, /model\\.ts$/);',
      errors: [{ messageId: "outsideFeature", data: ordersModelFromOutside, line: 1, column: 39 }],
    },
  ],
});
