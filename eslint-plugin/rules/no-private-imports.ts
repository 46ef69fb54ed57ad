import { noPrivateImportsLogic, noPrivateImportsMessages } from "../logic/no-private-imports.js";
import { createRule } from "../support/create-rule.js";
import { INVALID_CONFIG_MESSAGE, runLogicInRule } from "../support/run-logic.js";

/** agentix/no-private-imports: another feature may be imported only through its contract. */
export const noPrivateImports = createRule({
  name: "no-private-imports",
  meta: {
    type: "problem",
    docs: {
      description:
        "Allow imports of another feature only through its public contract (and its descriptor from outside features)",
      recommended: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: { ...noPrivateImportsMessages, invalidConfig: INVALID_CONFIG_MESSAGE },
  },
  defaultOptions: [],
  create: (context) => runLogicInRule(context, noPrivateImportsLogic, (input) => input),
});
