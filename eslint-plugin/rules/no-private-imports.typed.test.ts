import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";

// With type information, an import() / require() target whose type is a union of string
// literals is checked value by value, as `agentix check` does (imports/literal-strings.ts).
const typed = new RuleTester({
  languageOptions: {
    parserOptions: { project: "./tsconfig.json", tsconfigRootDir: fixture("typed") },
  },
});
const untyped = new RuleTester();

// With `project`, RuleTester resolves file names against tsconfigRootDir.
const filename = "src/features/catalog/queries.ts";

const ratesData = {
  file: "src/features/pricing/rates.ts",
  feature: "pricing",
  entry: "src/features/pricing/contract.ts",
  importer: "catalog",
};

const unionImport = `type Page = "../pricing/contract.js" | "../pricing/rates.js";\nexport const load = (page: Page) => import(page);`;

typed.run("no-private-imports (typed)", noPrivateImports, {
  valid: [
    {
      name: "a union of public entries",
      filename,
      code: `export const load = (page: "../pricing/contract.js" | "./contract.js") => import(page);`,
    },
    {
      name: "a property of an `as const` object (its type is the literal)",
      filename,
      code: `const pages = { price: "../pricing/contract.js" } as const;\nexport const load = () => import(pages.price);`,
    },
    {
      name: "`as const`, `satisfies` and `!` keep the value's own type",
      filename,
      code: `const page = "../pricing/contract.js" as const;\nexport const load = () => import((page satisfies string)!);`,
    },
  ],
  invalid: [
    {
      name: "the private member of a literal union, reported at the target",
      filename,
      code: unionImport,
      errors: [
        {
          messageId: "crossFeature",
          data: ratesData,
          line: 2,
          column: 44,
          endLine: 2,
          endColumn: 48,
          suggestions: [],
        },
      ],
    },
    {
      name: "require() of a literal union",
      filename,
      code: `export const load = (page: "../pricing/rates.js" | "../pricing/contract.js") => require(page);`,
      errors: [{ messageId: "crossFeature", data: ratesData, line: 1, column: 89 }],
    },
    {
      name: "a union with a string member is not provable",
      filename,
      code: `export const load = (page: "../pricing/contract.js" | (string & {})) => import(page);`,
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 1, column: 73 }],
    },
    {
      name: "an assertion to a literal proves nothing (the value may be any string)",
      filename,
      code: `export const load = (page: string) => import((page) as "../pricing/contract.js");`,
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 1, column: 39 }],
    },
    {
      name: "nor does one behind the constants the target names",
      filename,
      code: `export const load = (page: string) => {\n  const asserted = <"./contract.js">page;\n  const again = asserted;\n  return require(again);\n};`,
      errors: [{ messageId: "unprovable", data: { form: "require()" }, line: 4, column: 10 }],
    },
    {
      name: "a plain string is not provable",
      filename,
      code: `export const load = (page: string) => import(page);`,
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 1, column: 39 }],
    },
  ],
});

untyped.run("no-private-imports (without type information)", noPrivateImports, {
  valid: [],
  invalid: [
    {
      name: "a literal union cannot be known: unprovable",
      filename: fixture("typed", filename),
      code: unionImport,
      errors: [{ messageId: "unprovable", data: { form: "import()" }, line: 2, column: 37 }],
    },
  ],
});
