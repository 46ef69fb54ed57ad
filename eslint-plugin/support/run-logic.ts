import type { TSESLint } from "@typescript-eslint/utils";
import { AgentixConfigError, loadConfigForFile, type AgentixConfig } from "../../schema/load-config.js";
import type { LogicInput, LogicVisitors, RuleLogic } from "../logic/rule-logic.js";
import { sharedProjectServices } from "../logic/project-services.js";

/** Message every rule reports (once, at the top of the file) for a broken agentix.config.json. */
export const INVALID_CONFIG_MESSAGE = "agentix configuration error: {{problem}}";

/**
 * Runs detection logic inside an ESLint rule: builds its input from the rule context and turns
 * each violation into `context.report` (message id, data, location, suggestions). A broken
 * agentix.config.json is reported as a lint message naming the file and the bad JSON path,
 * never thrown as a crash with a stack trace.
 */
export function runLogicInRule<MessageIds extends string, Input extends LogicInput>(
  context: Readonly<TSESLint.RuleContext<MessageIds | "invalidConfig", readonly []>>,
  logic: RuleLogic<Input>,
  extend: (input: LogicInput) => Input,
): TSESLint.RuleListener {
  const filename = context.filename;
  let config: AgentixConfig;
  try {
    config = loadConfigForFile(filename);
  } catch (error) {
    if (!(error instanceof AgentixConfigError)) throw error;
    return {
      Program() {
        context.report({
          loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } },
          messageId: "invalidConfig",
          data: { problem: error.message },
        });
      },
    };
  }
  const scopeManager = context.sourceCode.scopeManager;
  if (!scopeManager) throw new Error("agentix rules need a parser that provides a scope manager (@typescript-eslint/parser does)");
  const base: LogicInput = { program: context.sourceCode.ast, scopeManager, filename, config, services: sharedProjectServices() };
  const visitors: LogicVisitors = logic.create(extend(base), (violation) => {
    context.report({
      loc: violation.loc,
      messageId: violation.messageId as MessageIds,
      data: violation.data,
      ...(violation.suggestions
        ? {
            suggest: violation.suggestions.map((suggestion) => ({
              messageId: suggestion.messageId as MessageIds,
              data: suggestion.data,
              fix: (fixer: TSESLint.RuleFixer) => fixer.replaceTextRange(suggestion.fix.range, suggestion.fix.text),
            })),
          }
        : {}),
    });
  });
  // The logic's visitors are keyed by node type, exactly like an ESLint rule listener.
  return visitors as TSESLint.RuleListener;
}
