import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noUndeclaredDependencies } from "./no-undeclared-dependencies.js";

const ruleTester = new RuleTester();

const inFeature = (feature: string, file = "operations.ts") =>
  fixture("project", `src/features/${feature}/${file}`);

/** customers' feature.ts declares no dependencies; orders' declares customers. */
const customersUsesOrders = {
  messageId: "undeclared" as const,
  data: {
    feature: "customers",
    dependency: "orders",
    contract: "src/features/orders/contract.ts",
    descriptor: "src/features/customers/feature.ts",
  },
};

ruleTester.run("no-undeclared-dependencies", noUndeclaredDependencies, {
  valid: [
    {
      name: "a declared dependency",
      filename: inFeature("orders"),
      code: `import { customersContract } from "../customers/contract.js";`,
    },
    {
      name: "the feature's own contract",
      filename: inFeature("customers"),
      code: `import { customersContract } from "./contract.js";`,
    },
    {
      name: "declared through a namespace import and a paths alias",
      filename: inFeature("shipping"),
      code: `import { OrderStore } from "@app/features/orders/contract.js";`,
    },
    {
      name: "a feature without feature.ts is not checked",
      filename: inFeature("payments"),
      code: `import { OrderStore } from "../orders/contract.js";`,
    },
    {
      name: "dependencies that cannot be traced (a spread) prove nothing",
      filename: inFeature("billing"),
      code: `import { OrderStore } from "../orders/contract.js";`,
    },
    {
      name: "code outside features",
      filename: fixture("project", "src/main.ts"),
      code: `import { OrderStore } from "./features/orders/contract.js";`,
    },
    {
      name: "a private file is no-private-imports' business",
      filename: inFeature("orders"),
      code: `import { normalize } from "../customers/model.js";`,
    },
    { name: "a package", filename: inFeature("customers"), code: `import { z } from "zod";` },
    {
      name: "the descriptor being edited is read from the editor, not the disk",
      filename: inFeature("customers", "feature.ts"),
      code: [
        `import { defineFeature } from "agentix";`,
        `import { customersContract } from "./contract.js";`,
        `import { ordersContract } from "../orders/contract.js";`,
        `export const customers = defineFeature({ id: "customers", contract: customersContract, dependencies: [ordersContract] });`,
      ].join("\n"),
    },
  ],
  invalid: [
    {
      name: "static import",
      filename: inFeature("customers"),
      code: `import { OrderStore } from "../orders/contract.js";`,
      errors: [{ ...customersUsesOrders, line: 1, column: 28, endLine: 1, endColumn: 51 }],
    },
    {
      name: "import type",
      filename: inFeature("customers"),
      code: `import type { OrderId } from "../orders/contract.js";`,
      errors: [{ ...customersUsesOrders, line: 1, column: 30 }],
    },
    {
      name: "export from",
      filename: inFeature("customers"),
      code: `export { OrderStore } from "../orders/contract.js";`,
      errors: [{ ...customersUsesOrders, line: 1, column: 28 }],
    },
    {
      name: "dynamic import",
      filename: inFeature("customers"),
      code: `const orders = await import("../orders/contract.js");`,
      errors: [{ ...customersUsesOrders, line: 1, column: 29 }],
    },
    {
      name: "require",
      filename: inFeature("customers"),
      code: `const orders = require("../orders/contract.js");`,
      errors: [{ ...customersUsesOrders, line: 1, column: 24 }],
    },
    {
      name: "typeof import()",
      filename: inFeature("customers"),
      code: `type Orders = typeof import("../orders/contract.js");`,
      errors: [{ ...customersUsesOrders, line: 1, column: 29 }],
    },
    {
      name: "an exact paths alias",
      filename: inFeature("customers"),
      code: `import { OrderStore } from "@orders";`,
      errors: [{ ...customersUsesOrders, line: 1, column: 28, endColumn: 37 }],
    },
    {
      name: "a test of the feature",
      filename: inFeature("customers", "operations.test.ts"),
      code: `import { OrderStore } from "../orders/contract.js";`,
      errors: [{ ...customersUsesOrders, line: 1, column: 28 }],
    },
    {
      name: "one declared, one not",
      filename: inFeature("orders"),
      code: `import { customersContract } from "../customers/contract.js";\nimport { Payments } from "../payments/contract.js";`,
      errors: [
        {
          messageId: "undeclared",
          data: {
            feature: "orders",
            dependency: "payments",
            contract: "src/features/payments/contract.ts",
            descriptor: "src/features/orders/feature.ts",
          },
          line: 2,
          column: 26,
        },
      ],
    },
    {
      name: "the descriptor itself, edited to drop a dependency it imports",
      filename: inFeature("orders", "feature.ts"),
      code: [
        `import { defineFeature } from "agentix";`,
        `import { customersContract } from "../customers/contract.js";`,
        `export const orders = defineFeature({ id: "orders", dependencies: [] });`,
      ].join("\n"),
      errors: [
        {
          messageId: "undeclared",
          data: {
            feature: "orders",
            dependency: "customers",
            contract: "src/features/customers/contract.ts",
            descriptor: "src/features/orders/feature.ts",
          },
          line: 2,
          column: 35,
        },
      ],
    },
  ],
});
