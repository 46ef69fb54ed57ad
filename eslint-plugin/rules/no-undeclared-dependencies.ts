import {
  noUndeclaredDependenciesLogic,
  noUndeclaredDependenciesMessages,
} from "../logic/no-undeclared-dependencies.js";
import { createRule } from "../support/create-rule.js";
import { INVALID_CONFIG_MESSAGE, runLogicInRule } from "../support/run-logic.js";

/** agentix/no-undeclared-dependencies: a feature declares every feature whose contract it uses. */
export const noUndeclaredDependencies = createRule({
  name: "no-undeclared-dependencies",
  meta: {
    type: "problem",
    docs: {
      description:
        "Require a feature to list every other feature whose contract it imports in its defineFeature dependencies",
      recommended: true,
    },
    schema: [],
    messages: { ...noUndeclaredDependenciesMessages, invalidConfig: INVALID_CONFIG_MESSAGE },
  },
  defaultOptions: [],
  create: (context) => runLogicInRule(context, noUndeclaredDependenciesLogic, (input) => input),
});
