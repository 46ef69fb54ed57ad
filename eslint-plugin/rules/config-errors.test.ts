import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noPrivateImports } from "./no-private-imports.js";

// A setting given in neither of its accepted shapes is one sentence per setting, naming its
// line, column and JSON path and the shapes (schema/ajv.ts), in the editor as in `agentix check`.
const ruleTester = new RuleTester();

const file = "test/fixtures/eslint-plugin/list-config/agentix.config.json";

ruleTester.run("agentix configuration errors", noPrivateImports, {
  valid: [],
  invalid: [
    {
      name: 'an empty contract list and an ambient policy that is neither "off" nor an object',
      filename: fixture("list-config", "src/features/orders/operations.ts"),
      code: `export const x = 1;`,
      errors: [
        {
          messageId: "invalidConfig",
          data: {
            problem: [
              `${file}:2:29: /features/contract must be a path relative to the feature folder, without a leading / and without .., whose only placeholder is {id}, or a non-empty list of such paths, each named once; the list given must not be empty`,
              `${file}:3:25: /ambient/clock must be "off" or an object whose "allow" lists globs`,
            ].join("\n"),
          },
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
