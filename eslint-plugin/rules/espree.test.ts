// The rules on JavaScript parsed by ESLint's default parser (espree, scope analysis by
// eslint-scope), as a project that lints its .js files with them gets: eslint-scope sets no
// `isValueReference`, and reading it as false hid every global, require() and banned import
// (only the import declaration of another feature's private file was reported).
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { rules } from "../index.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { ecmaVersion: "latest", sourceType: "module" },
});
const domain = fixture("project", "src/features/orders/legacy.js");
const rule = (name: string) => {
  const found = rules[name];
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

describe("agentix rules on JavaScript parsed by espree", () => {
  ruleTester.run("no-ambient-capabilities", rule("no-ambient-capabilities"), {
    valid: [
      {
        name: "shadowed names",
        filename: domain,
        code: "export const f = (Date, fetch) => Date.now() + fetch();",
      },
    ],
    invalid: [
      {
        name: "a banned module, a global, the global object's member, an alias",
        filename: domain,
        code: [
          'import fs from "node:fs";',
          'export const size = () => fs.readFileSync("a").length;',
          "export const now = () => Date.now();",
          "export const get = globalThis.fetch;",
          "const { env } = process;",
        ].join("\n"),
        errors: [
          { messageId: "filesystem", line: 1, column: 16 },
          { messageId: "clock", line: 3, column: 26 },
          { messageId: "network", line: 4, column: 20 },
          { messageId: "environment", line: 5, column: 9 },
        ],
      },
    ],
  });

  ruleTester.run("no-private-imports", rule("no-private-imports"), {
    valid: [
      {
        name: "a local function named require",
        filename: domain,
        code: 'const require = (name) => name;\nexport const m = require("../customers/model.js");',
      },
    ],
    invalid: [
      {
        name: "another feature's private file, imported and required",
        filename: domain,
        code: [
          'import { normalize } from "../customers/model.js";',
          'const model = require("../customers/model.js");',
          "export { normalize, model };",
        ].join("\n"),
        errors: [
          { messageId: "crossFeature", line: 1, column: 27 },
          { messageId: "crossFeature", line: 2, column: 23 },
        ],
      },
    ],
  });
});
