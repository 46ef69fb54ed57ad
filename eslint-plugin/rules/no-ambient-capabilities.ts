import {
  noAmbientCapabilitiesLogic,
  noAmbientCapabilitiesMessages,
} from "../logic/no-ambient-capabilities.js";
import { createRule } from "../support/create-rule.js";
import { INVALID_CONFIG_MESSAGE, runLogicInRule } from "../support/run-logic.js";

/** agentix/no-ambient-capabilities: domain files reach the world only through declared effects. */
export const noAmbientCapabilities = createRule({
  name: "no-ambient-capabilities",
  meta: {
    type: "problem",
    docs: {
      description:
        "Disallow ambient network, environment, clock, randomness, filesystem, process and database access in domain files",
      recommended: true,
    },
    schema: [],
    messages: { ...noAmbientCapabilitiesMessages, invalidConfig: INVALID_CONFIG_MESSAGE },
  },
  defaultOptions: [],
  create: (context) => runLogicInRule(context, noAmbientCapabilitiesLogic, (input) => input),
});
