// Feature entries named per feature (`{id}.module.ts`) and several allowed entries
// (`["{id}.module.ts", "index.ts"]`): every entry that exists is public, and messages name the
// entries that exist, or say that none does (test/fixtures/entries/agentix.config.json).
import "../../test/setup/rule-tester.js";
import path from "node:path";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixtureDir } from "../../test/support/analyzer-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";

const ruleTester = new RuleTester();
const root = fixtureDir("entries");
const user = path.join(root, "src/modules/users/user.ts");
const main = path.join(root, "src/main.ts");

ruleTester.run("no-private-imports (configured entries)", noPrivateImports, {
  valid: [
    {
      name: "another feature's entry named after it ({id}.module.ts)",
      filename: user,
      code: `import { billingContract } from "../billing/billing.module.js";`,
    },
    {
      name: "the second allowed entry (index.ts) where the first does not exist",
      filename: user,
      code: `import { nodesc } from "../nodesc/index.js";`,
    },
    {
      name: "either entry where both exist",
      filename: user,
      code: `import { bothContract } from "../both/index.js";\nimport { bothContract as b } from "../both/both.module.js";`,
    },
    {
      name: "a descriptor named after its feature ({id}.feature.ts) from outside features",
      filename: main,
      code: `import { billing } from "./modules/billing/billing.feature.js";`,
    },
  ],
  invalid: [
    {
      name: "a private file: the message names the entry that exists",
      filename: user,
      code: `import { invoiceTotal } from "../billing/invoice.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: {
            file: "src/modules/billing/invoice.ts",
            feature: "billing",
            importer: "users",
            entry: "src/modules/billing/billing.module.ts",
          },
          line: 1,
          column: 30,
        },
      ],
    },
    {
      name: "the configured {id}.module.ts does not exist: the message names index.ts",
      filename: user,
      code: `import { thing } from "../nodesc/thing.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: {
            file: "src/modules/nodesc/thing.ts",
            feature: "nodesc",
            importer: "users",
            entry: "src/modules/nodesc/index.ts",
          },
          line: 1,
          column: 23,
        },
      ],
    },
    {
      name: "the descriptor of another feature is private to features",
      filename: user,
      code: `import { both } from "../both/both.feature.js";`,
      errors: [
        {
          messageId: "crossFeature",
          data: {
            file: "src/modules/both/both.feature.ts",
            feature: "both",
            importer: "users",
            entry: "src/modules/both/both.module.ts or src/modules/both/index.ts",
          },
        },
      ],
    },
    {
      name: "a feature with no entry at all: the message says so",
      filename: user,
      code: `import { helper } from "../bare/helper.js";`,
      errors: [
        {
          messageId: "crossFeatureNoEntry",
          data: {
            file: "src/modules/bare/helper.ts",
            feature: "bare",
            importer: "users",
            missing: "none of src/modules/bare/bare.module.ts, src/modules/bare/index.ts exists",
          },
          line: 1,
          column: 24,
        },
      ],
    },
    {
      name: "from outside features, where the feature has an entry but no descriptor",
      filename: main,
      code: `import { thing } from "./modules/nodesc/thing.js";`,
      errors: [
        {
          messageId: "outsideFeature",
          data: {
            file: "src/modules/nodesc/thing.ts",
            feature: "nodesc",
            allowed: "its public entry src/modules/nodesc/index.ts",
            there: "there",
          },
          line: 1,
          column: 23,
        },
      ],
    },
    {
      name: "from outside features, where the feature has neither entry nor descriptor",
      filename: main,
      code: `import { helper } from "./modules/bare/helper.js";`,
      errors: [
        {
          messageId: "outsideFeatureNoEntry",
          data: {
            file: "src/modules/bare/helper.ts",
            feature: "bare",
            missing: "none of src/modules/bare/bare.module.ts, src/modules/bare/index.ts exists",
            descriptor: "src/modules/bare/bare.feature.ts",
          },
        },
      ],
    },
  ],
});
