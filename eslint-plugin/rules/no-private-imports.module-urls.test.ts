// A file named relative to the module, `new URL("../orders/worker.ts", import.meta.url)`, is
// loaded all the same (Vite and webpack bundle it as a worker or an asset; Node runs it in a
// Worker): another feature's private file named so is as private as one imported.
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";
import {
  ordersModelFromCustomers,
  ordersModelFromOutside,
} from "../../test/support/private-imports-reports.js";

const ruleTester = new RuleTester();

const customers = fixture("project", "src/features/customers/operations.ts");
const main = fixture("project", "src/main.ts");

const crossFeature = (line: number, column: number, endColumn: number) => ({
  messageId: "crossFeature" as const,
  data: ordersModelFromCustomers,
  line,
  column,
  endColumn,
});

ruleTester.run("no-private-imports (module URLs)", noPrivateImports, {
  valid: [
    {
      name: "the feature's own files, another feature's contract, its descriptor from outside",
      filename: customers,
      code: [
        'export const own = new URL("./model.ts", import.meta.url);',
        'export const sibling = new URL("model.ts", import.meta.url);',
        'export const contract = new URL("../orders/contract.ts", import.meta.url);',
      ].join("\n"),
    },
    {
      name: "the descriptor from outside features",
      filename: main,
      code: 'export const descriptor = new URL("./features/orders/feature.ts", import.meta.url);',
    },
    {
      name: "other schemes and hosts, folders (a base for other paths), other bases, no literal",
      filename: customers,
      code: [
        'export const remote = new URL("https://example.com/orders/model.ts", import.meta.url);',
        'export const data = new URL("data:text/plain,../orders/model.ts", import.meta.url);',
        'export const host = new URL("//cdn.example.com/orders/model.ts", import.meta.url);',
        'export const folder = new URL("../orders/", import.meta.url);',
        'export const up = new URL("..", import.meta.url);',
        "export const other = (base: URL) => new URL('../orders/model.ts', base);",
        "export const named = (file: string) => new URL(file, import.meta.url);",
        'export const one = new URL("../orders/model.ts");',
      ].join("\n"),
    },
  ],
  invalid: [
    {
      name: "another feature's private file: a worker, with a query, in a template, escaped",
      filename: customers,
      code: [
        'export const url = new URL("../orders/model.ts", import.meta.url);',
        'export const worker = () => new Worker(new URL("../orders/model.ts?worker", import.meta.url), { type: "module" });',
        "export const template = new URL(`../orders/model.ts#top`, import.meta.url);",
        'export const escaped = new URL("../orders/mo%64el.ts", import.meta.url);',
      ].join("\n"),
      errors: [
        crossFeature(1, 28, 48),
        crossFeature(2, 48, 75),
        crossFeature(3, 33, 57),
        crossFeature(4, 32, 54),
      ],
    },
    {
      name: "from outside features, anything but the contract or descriptor",
      filename: main,
      code: 'export const model = new URL("./features/orders/model.ts", import.meta.url);',
      errors: [
        {
          messageId: "outsideFeature",
          data: ordersModelFromOutside,
          line: 1,
          column: 30,
        },
      ],
    },
  ],
});
