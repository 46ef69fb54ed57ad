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
const customersTest = fixture("project", "src/features/customers/operations.test.ts");
const customersFeature = fixture("project", "src/features/customers/feature.ts");
const ordersOperations = fixture("project", "src/features/orders/operations.ts");
const main = fixture("project", "src/main.ts");
const adapter = fixture("project", "src/adapters/orders-store.ts");

/** The suggestion that rewrites the specifier to the contract. */
/** The report of a require() whose target is unprovable, at line:column-endColumn. */
const unprovableRequire = (line: number, column: number, endColumn: number) => ({
  messageId: "unprovable" as const,
  data: { form: "require()" },
  line,
  column,
  endColumn,
});
const useContract = (specifier: string, output: string) => [
  { messageId: "useContract" as const, data: { specifier }, output },
];

ruleTester.run("no-private-imports", noPrivateImports, {
  valid: [
    {
      // "." is "./": its own folder's index, in its own feature (as TypeScript resolves it).
      name: "the importer's own folder by '.'",
      filename: customers,
      code: 'import { x } from ".";\nexport * from ".";\nexport const y = x;',
    },
    {
      name: "a module augmentation of another feature's contract",
      filename: customers,
      code: 'export type Id = string;\ndeclare module "../orders/contract.js" {\n  interface Extra {\n    note: string;\n  }\n}',
    },
    {
      // In a script (no import or export) `declare module "name"` declares that module.
      name: "an ambient module declared in a script",
      filename: customers,
      code: 'declare module "@app/features/orders/model.js" {\n  export const total: number;\n}',
    },
    // Outside domain files an unprovable target is an unresolved warning of `agentix check`.
    {
      name: "a non-literal require() in an adapter",
      filename: adapter,
      code: `const name = "pg";\nconst driver = require(name);`,
    },
    {
      name: "a created require's properties, read or taken apart, load nothing",
      filename: customers,
      code: [
        `import { createRequire } from "node:module";`,
        `export const where = createRequire(import.meta.url).resolve("../orders/model.js");`,
        `const { resolve } = createRequire(import.meta.url);`,
        `export const again = resolve("../orders/model.js");`,
      ].join("\n"),
    },
    {
      name: "reading require's properties, or its type, loads nothing",
      filename: customers,
      code: `export const where = require.resolve("node:fs");\nexport const main = require.main;\nexport const kind = typeof require;`,
    },
    {
      name: "a non-literal import() in the composition root",
      filename: main,
      code: `const name = "./plugins/a.js";\nexport const plugin = import(name);`,
    },
    {
      name: "another feature's contract",
      filename: customers,
      code: `import { ordersContract } from "../orders/contract.js";`,
    },
    {
      name: "the same feature's private file",
      filename: customers,
      code: `import { normalize } from "./model.js";`,
    },
    {
      name: "a deeper private file of the same feature",
      filename: ordersOperations,
      code: `import { helper } from "./internal/index.js";`,
    },
    { name: "a package", filename: customers, code: `import { z } from "zod";` },
    {
      name: "dynamic import() of a const string naming a package",
      filename: customers,
      code: `const name = "zod";\nexport const zod = await import(name);`,
    },
    {
      name: "dynamic import() of a const template naming another feature's contract",
      filename: customers,
      code: "const target = `../orders/contract.js`;\nexport const orders = await import(target);",
    },
    {
      name: "a node built-in",
      filename: customers,
      code: `import { createHash } from "node:crypto";`,
    },
    {
      name: "shared code outside features",
      filename: customers,
      code: `import { sharedDependencies } from "../../shared/dependencies.js";`,
    },
    {
      name: "the composition root imports a descriptor",
      filename: main,
      code: `import { orders } from "./features/orders/feature.js";`,
    },
    {
      name: "an adapter imports a contract",
      filename: adapter,
      code: `import { OrderStore } from "../features/orders/contract.js";`,
    },
    {
      name: "a contract through a paths alias",
      filename: customers,
      code: `import { ordersContract } from "@app/features/orders/contract.js";`,
    },
    {
      name: "a contract through an exact paths alias",
      filename: customers,
      code: `import { OrderStore } from "@orders";`,
    },
    {
      name: "import type of a contract",
      filename: customers,
      code: `import type { OrderId } from "../orders/contract.js";`,
    },
    {
      name: "export from a contract",
      filename: customers,
      code: `export { total } from "../orders/contract.js";`,
    },
    {
      name: "export * from a contract",
      filename: customers,
      code: `export * from "../orders/contract.js";`,
    },
    {
      name: "dynamic import of a contract",
      filename: customers,
      code: `const contract = await import("../orders/contract.js");`,
    },
    {
      name: "dynamic import with a template",
      filename: customers,
      code: "const contract = await import(`../orders/contract.js`);",
    },
    {
      name: "require of a contract",
      filename: customers,
      code: `const contract = require("../orders/contract.js");`,
    },
    {
      name: "import-equals of a contract",
      filename: customers,
      code: `import contract = require("../orders/contract.js");`,
    },
    {
      name: "typeof import() of a contract",
      filename: customers,
      code: `type Contract = typeof import("../orders/contract.js");`,
    },
    {
      name: "a local function named require is not a module import",
      filename: customers,
      code: `function require(name: string) { return name; }\nrequire("../orders/model.js");`,
    },
    {
      name: "a file outside the project",
      filename: customers,
      code: `import { x } from "../../../../outside.js";`,
    },
  ],
  invalid: [
    {
      // Vite's queries are no part of the file; the contract would give another module.
      name: "a private file with a bundler's query: the file is named, nothing is suggested",
      filename: customers,
      code: [
        'import { total } from "../orders/model.ts?worker";',
        'import text from "../orders/model?raw";',
        "export { total, text };",
      ].join("\n"),
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: [],
        },
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 2,
          column: 18,
          suggestions: [],
        },
      ],
    },
    {
      name: "static import of a private file (suggests the contract, which re-exports the name)",
      filename: customers,
      code: `import { total } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          endLine: 1,
          endColumn: 43,
          suggestions: useContract(
            "../orders/contract.js",
            `import { total } from "../orders/contract.js";`,
          ),
        },
      ],
    },
    // ghostfolio-like: the suggestion compiled before and broke after (TS1362, TS2345).
    {
      name: "a class the contract exports as a type only, imported as a value: no suggestion",
      filename: customers,
      code: `import { Money } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: [],
        },
      ],
    },
    {
      name: "a class the contract exports as a type only, imported as a type: the suggestion",
      filename: customers,
      code: `import type { Money } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          suggestions: useContract(
            "../orders/contract.js",
            `import type { Money } from "../orders/contract.js";`,
          ),
        },
      ],
    },
    {
      name: "a name the contract exports from elsewhere (its own format): no suggestion",
      filename: customers,
      code: `import { format } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "a name the contract does not export: no suggestion",
      filename: customers,
      code: `import { secretRate } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          endColumn: 48,
          suggestions: [],
        },
      ],
    },
    {
      name: "import type",
      filename: customers,
      code: `import type { OrderLine } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 32,
          suggestions: [],
        },
      ],
    },
    {
      name: "an inline type specifier",
      filename: customers,
      code: `import { type OrderLine, total } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 39,
          suggestions: [],
        },
      ],
    },
    {
      name: "side-effect import",
      filename: customers,
      code: `import "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 8,
          endColumn: 28,
          suggestions: [],
        },
      ],
    },
    {
      name: "export ... from",
      filename: customers,
      code: `export { total as orderTotal } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 37,
          suggestions: useContract(
            "../orders/contract.js",
            `export { total as orderTotal } from "../orders/contract.js";`,
          ),
        },
      ],
    },
    {
      name: "export *",
      filename: customers,
      code: `export * from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 15,
          suggestions: [],
        },
      ],
    },
    {
      name: "export * as namespace",
      filename: customers,
      code: `export * as model from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "namespace import: names unknown, no suggestion",
      filename: customers,
      code: `import * as model from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "dynamic import()",
      filename: customers,
      code: `const model = await import("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          endColumn: 48,
          suggestions: [],
        },
      ],
    },
    {
      name: "dynamic import() destructured: the names are known",
      filename: customers,
      code: `const { total } = await import("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 32,
          suggestions: useContract(
            "../orders/contract.js",
            `const { total } = await import("../orders/contract.js");`,
          ),
        },
      ],
    },
    {
      name: "dynamic import() with a no-substitution template (the suggestion keeps backticks)",
      filename: customers,
      code: "const { total } = await import(`../orders/model.js`);",
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 32,
          suggestions: useContract(
            "../orders/contract.js",
            "const { total } = await import(`../orders/contract.js`);",
          ),
        },
      ],
    },
    {
      name: "require()",
      filename: customers,
      code: `const model = require("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: [],
        },
      ],
    },
    {
      // The file never spells "require": found all the same (the text search that spares most
      // files the scope walk must not spare this one).
      name: "require() spelled with a unicode escape",
      filename: customers,
      code: `const model = \\u0072equire("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          suggestions: [],
        },
      ],
    },
    {
      name: "require() destructured",
      filename: customers,
      code: `const { total } = require("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 27,
          suggestions: useContract(
            "../orders/contract.js",
            `const { total } = require("../orders/contract.js");`,
          ),
        },
      ],
    },
    {
      name: "a .tsx file",
      filename: fixture("project", "src/features/customers/view.tsx"),
      code: `import { total } from "../orders/model.js";\nexport const View = () => <p>{total([1])}</p>;`,
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: useContract(
            "../orders/contract.js",
            `import { total } from "../orders/contract.js";\nexport const View = () => <p>{total([1])}</p>;`,
          ),
        },
      ],
    },
    {
      name: "require() made by createRequire",
      filename: customers,
      code: `import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nconst model = load("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 3,
          column: 20,
          suggestions: [],
        },
      ],
    },
    {
      // No `import.` and no `require` in the text: the file's declarations are its only
      // listeners, but the requires createRequire makes are still followed.
      name: "require() made by createRequire of a path",
      filename: customers,
      code: `import { createRequire } from "node:module";\nconst load = createRequire("/srv/app/");\nconst model = load("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 3,
          column: 20,
          suggestions: [],
        },
      ],
    },
    {
      // The module's default or namespace import: `module.createRequire` makes the same require.
      name: "require() made by createRequire of the module's default or namespace import",
      filename: customers,
      code: `import module from "node:module";\nimport * as m from "module";\nconst load = module.createRequire(import.meta.url);\nconst model = load("../orders/model.js");\nexport const at = m["createRequire"](import.meta.url)("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 4,
          column: 20,
          suggestions: [],
        },
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 5,
          column: 55,
          suggestions: [],
        },
      ],
    },
    {
      name: "import x = require()",
      filename: customers,
      code: `import model = require("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "typeof import() type query",
      filename: customers,
      code: `type Model = typeof import("../orders/model.js");`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          endColumn: 48,
          suggestions: [],
        },
      ],
    },
    {
      name: "typeof import().name: the qualifier is the imported name",
      filename: customers,
      code: `type Total = typeof import("../orders/model.js").total;`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 28,
          suggestions: useContract(
            "../orders/contract.js",
            `type Total = typeof import("../orders/contract.js").total;`,
          ),
        },
      ],
    },
    {
      name: "import() type reference",
      filename: customers,
      code: `type Line = import("../orders/model.js").OrderLine;`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 20,
          suggestions: [],
        },
      ],
    },
    {
      name: "paths alias (the suggestion keeps the alias)",
      filename: customers,
      code: `import { total } from "@app/features/orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: useContract(
            "@app/features/orders/contract.js",
            `import { total } from "@app/features/orders/contract.js";`,
          ),
        },
      ],
    },
    {
      name: ".ts extension (the suggestion keeps it)",
      filename: customers,
      code: `import { total } from "../orders/model.ts";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: useContract(
            "../orders/contract.ts",
            `import { total } from "../orders/contract.ts";`,
          ),
        },
      ],
    },
    {
      name: "extensionless (the suggestion stays extensionless)",
      filename: customers,
      code: `import { total } from "../orders/model";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: useContract(
            "../orders/contract",
            `import { total } from "../orders/contract";`,
          ),
        },
      ],
    },
    {
      name: "directory import resolves to its index",
      filename: customers,
      code: `import { helper } from "../orders/internal";`,
      errors: [
        {
          messageId: "crossFeature",
          data: { ...ordersModelFromCustomers, file: "src/features/orders/internal/index.ts" },
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "a private file not written yet (lexical resolution)",
      filename: customers,
      code: `import { later } from "../orders/later.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: { ...ordersModelFromCustomers, file: "src/features/orders/later.ts" },
          line: 1,
          column: 23,
          suggestions: [],
        },
      ],
    },
    {
      name: "a non-TypeScript file is named as written",
      filename: customers,
      code: `import "../orders/styles.css";`,
      errors: [
        {
          messageId: "crossFeature",
          data: { ...ordersModelFromCustomers, file: "src/features/orders/styles.css" },
          line: 1,
          column: 8,
          suggestions: [],
        },
      ],
    },
    {
      name: "another feature's descriptor, from inside a feature",
      filename: customersFeature,
      code: `import { orders } from "../orders/feature.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: { ...ordersModelFromCustomers, file: "src/features/orders/feature.ts" },
          line: 1,
          column: 24,
          suggestions: [],
        },
      ],
    },
    {
      name: "tests are not exempt",
      filename: customersTest,
      code: `import { total } from "../orders/model.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 1,
          column: 23,
          suggestions: useContract(
            "../orders/contract.js",
            `import { total } from "../orders/contract.js";`,
          ),
        },
      ],
    },
    {
      name: "code outside features: a private file",
      filename: main,
      code: `import { total } from "./features/orders/model.js";`,
      errors: [
        {
          messageId: "outsideFeature",
          data: ordersModelFromOutside,
          line: 1,
          column: 23,
          suggestions: useContract(
            "./features/orders/contract.js",
            `import { total } from "./features/orders/contract.js";`,
          ),
        },
      ],
    },
    {
      name: "several imports: each reported at its specifier",
      filename: customers,
      code: `import { ordersContract } from "../orders/contract.js";\nimport { total } from "../orders/model.js";\nimport { charge } from "../payments/gateway.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 2,
          column: 23,
          suggestions: useContract(
            "../orders/contract.js",
            `import { ordersContract } from "../orders/contract.js";\nimport { total } from "../orders/contract.js";\nimport { charge } from "../payments/gateway.js";`,
          ),
        },
        {
          messageId: "crossFeature",
          data: {
            file: "src/features/payments/gateway.ts",
            feature: "payments",
            entry: "src/features/payments/contract.ts",
            importer: "customers",
          },
          line: 3,
          column: 24,
          suggestions: [],
        },
      ],
    },
    // `declare module "x"` in a module merges its declarations into x: a dependency on x.
    {
      name: "a module augmentation of another feature's private file",
      filename: customers,
      code: 'export type Id = string;\ndeclare module "../orders/model.js" {\n  interface Total {\n    note: string;\n  }\n}',
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 2,
          column: 16,
          endColumn: 36,
        },
      ],
    },
    {
      name: "a module augmentation of another feature's private file by a paths alias",
      filename: customers,
      code: 'import type { Id } from "../orders/contract.js";\ndeclare module "@app/features/orders/model.js" {\n  interface Total {\n    id: Id;\n  }\n}',
      errors: [{ messageId: "crossFeature", data: ordersModelFromCustomers, line: 2, column: 16 }],
    },
    {
      name: "dynamic import() of a non-literal is unprovable",
      filename: customers,
      code: `let name = "orders";\nconst module = await import(name);`,
      errors: [
        { messageId: "unprovable", data: { form: "import()" }, line: 2, column: 22, endColumn: 34 },
      ],
    },
    {
      name: "a parameter shadowing a const string is unprovable",
      filename: customers,
      code: `const target = "../orders/contract.js";\nexport const load = (target: string) => import(target);`,
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 2, column: 41 }],
    },
    {
      name: "dynamic import() of a const string is checked as that specifier",
      filename: customers,
      code: `const target = "../orders/model.js";\nexport const model = await import(target);`,
      errors: [
        {
          messageId: "crossFeature",
          data: ordersModelFromCustomers,
          line: 2,
          column: 35,
          endColumn: 41,
        },
      ],
    },
    {
      name: "require() of a const string (as const) is checked as that specifier",
      filename: customers,
      code: `const target = "../orders/model.js" as const;\nexport const model = require(target);`,
      errors: [{ messageId: "crossFeature", data: ordersModelFromCustomers, line: 2, column: 30 }],
    },
    // TypeScript types a template whose substitutions are all constant as that literal, and
    // `agentix check` resolves the target by its type: without types the rule folds it alike.
    {
      name: "dynamic import() of a template of constants is checked as that specifier",
      filename: customers,
      code: [
        'const name = "orders";',
        "export const a = await import(`../${name}/model.js`);",
        'export const b = await import(`../${"ord"}${`ers`}/model.js`);',
        "const folder = `../${name}`;",
        "export const c = await import(`${folder}/model.js`);",
      ].join("\n"),
      errors: [
        { messageId: "crossFeature", data: ordersModelFromCustomers, line: 2, column: 31 },
        { messageId: "crossFeature", data: ordersModelFromCustomers, line: 3, column: 31 },
        { messageId: "crossFeature", data: ordersModelFromCustomers, line: 5, column: 31 },
      ],
    },
    // Consts that name each other (a cycle, read before they are set) are followed a few steps,
    // then the target is unprovable: no endless walk.
    {
      name: "dynamic import() of a template of consts that name each other is unprovable",
      filename: customers,
      code: [
        "const a: string = `../${b}`;",
        "const b: string = `${a}/orders`;",
        "export const m = await import(`${a}/model.js`);",
      ].join("\n"),
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 3, column: 24 }],
    },
    {
      name: "dynamic import() of a template with a substitution TypeScript types as string is unprovable",
      filename: customers,
      code: [
        'let name = "orders";',
        "export const a = await import(`../${name}/model.js`);",
        'export const b = await import(`../${"orders" as string}/model.js`);',
        "export const c = await import(`../orders/${String(1)}.js`);",
      ].join("\n"),
      errors: [
        { messageId: "unprovable", data: { form: "import()" }, line: 2, column: 24 },
        { messageId: "unprovable", data: { form: "import()" }, line: 3, column: 24 },
        { messageId: "unprovable", data: { form: "import()" }, line: 4, column: 24 },
      ],
    },
    {
      name: "a require function used other than by a call loads what cannot be known",
      filename: customers,
      code: [
        `import { createRequire } from "node:module";`,
        `const load = createRequire(import.meta.url);`,
        `export const a: unknown = load.bind(null)("../orders/model.js");`,
        `export const b = require;`,
        `export const c: unknown = require.call(null, "../orders/model.js");`,
        `export const d: unknown = [load][0]("../orders/model.js");`,
      ].join("\n"),
      errors: [
        unprovableRequire(3, 27, 31),
        unprovableRequire(4, 18, 25),
        unprovableRequire(5, 27, 34),
        unprovableRequire(6, 28, 32),
      ],
    },
    {
      name: "a created require, or createRequire itself, handed to other code",
      filename: customers,
      code: [
        `import { createRequire } from "node:module";`,
        `export const load = createRequire(import.meta.url);`,
        `const make = createRequire;`,
        `export const stored = [createRequire(import.meta.url)];`,
      ].join("\n"),
      errors: [
        unprovableRequire(2, 21, 51),
        unprovableRequire(3, 14, 27),
        unprovableRequire(4, 24, 54),
      ],
    },
    {
      name: "require() of a non-literal is unprovable",
      filename: customers,
      code: `let name = "pg";\nconst driver = require(name);`,
      errors: [unprovableRequire(2, 16, 29)],
    },
  ],
});
