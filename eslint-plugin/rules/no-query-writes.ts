import { ESLintUtils } from "@typescript-eslint/utils";
import { noQueryWritesLogic, noQueryWritesMessages } from "../logic/no-query-writes.js";
import { createQueryTypeServices } from "../logic/query-types.js";
import { createRule } from "../support/create-rule.js";
import { INVALID_CONFIG_MESSAGE, runLogicInRule } from "../support/run-logic.js";

/** agentix/no-query-writes: a defineQuery declares no write or external effect and no emits. */
export const noQueryWrites = createRule({
  name: "no-query-writes",
  meta: {
    type: "problem",
    docs: {
      description:
        "Disallow write and external effects and emitted events in defineQuery (type-aware)",
      recommended: true,
      requiresTypeChecking: true,
    },
    schema: [],
    messages: { ...noQueryWritesMessages, invalidConfig: INVALID_CONFIG_MESSAGE },
  },
  defaultOptions: [],
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const types = createQueryTypeServices(
      services.program.getTypeChecker(),
      services.esTreeNodeToTSNodeMap,
    );
    return runLogicInRule(context, noQueryWritesLogic, (input) => ({ ...input, types }));
  },
});
