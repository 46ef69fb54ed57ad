import { createRequire } from "node:module";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import { AgentixConfigError, type AgentixConfig } from "../../schema/load-config.js";
import {
  NO_VISITORS,
  type LeanChooser,
  type LogicInput,
  type LogicVisitors,
  type RuleLogic,
} from "../logic/rule-logic.js";
import { sharedProjectServices } from "../logic/project-services.js";
import { folderPlans, planOf } from "./lean-plans.js";
import { ruleVerdict } from "../logic/project/verdict.js";
import { literalStringsOf, type LiteralStringsCompiler } from "../logic/imports/literal-strings.js";

/**
 * The `typescript` package typed linting built its trees with (typescript-eslint's parser loads
 * it), loaded when a dynamic target first needs its literal strings.
 */
let loadedTypescript: LiteralStringsCompiler | undefined;
const typescript = (): LiteralStringsCompiler =>
  (loadedTypescript ??= createRequire(import.meta.url)("typescript") as LiteralStringsCompiler);

/** Message every rule reports (once, at the top of the file) for a broken agentix.config.json. */
export const INVALID_CONFIG_MESSAGE = "agentix configuration error: {{problem}}";

/**
 * The input every rule shares for one file, kept for the file being linted: ESLint creates every
 * rule of a file before it moves to the next, so the config is loaded once per file (a
 * WeakMap of every file's tree cost more than the look-up it saved).
 */
let lastInput: { program: TSESTree.Program; input: LogicInput | AgentixConfigError } | undefined;

/** Files whose broken config one rule has already claimed: it is reported once per file, not per rule. */
const configReported = new WeakSet<TSESTree.Program>();

function scopeManagerOf(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
): ScopeManager {
  const scopeManager = context.sourceCode.scopeManager;
  if (!scopeManager)
    throw new Error(
      "agentix rules need a parser that provides a scope manager (@typescript-eslint/parser does)",
    );
  return scopeManager;
}

function baseInput(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  config: AgentixConfig | AgentixConfigError,
): LogicInput | AgentixConfigError {
  const program = context.sourceCode.ast;
  if (lastInput?.program === program) return lastInput.input;
  const filename = context.filename;
  let input: LogicInput | AgentixConfigError;
  if (config instanceof AgentixConfigError) input = config;
  else {
    const scopeManager = scopeManagerOf(context);
    // Typed linting: a literal-union import() target is checked value by value, as `check` does.
    const { program: typed, esTreeNodeToTSNodeMap: nodeMap } =
      context.sourceCode.parserServices ?? {};
    input = {
      program,
      scopeManager,
      filename,
      sourceText: context.sourceCode.text,
      config,
      services: sharedProjectServices(),
      ...(typed && nodeMap
        ? {
            literalStrings: literalStringsOf(typescript, () => typed.getTypeChecker(), nodeMap),
          }
        : {}),
    };
  }
  lastInput = { program, input };
  return input;
}

/**
 * Runs detection logic inside an ESLint rule: builds its input from the rule context and turns
 * each violation into `context.report` (message id, data, location, suggestions). A broken
 * agentix.config.json is reported as a lint message naming the file and the bad JSON path,
 * never thrown as a crash with a stack trace. A rule with a lean path is asked for it first:
 * then the file costs the folder's answers alone (see RuleLogic.lean).
 */
export function runLogicInRule<MessageIds extends string, Input extends LogicInput>(
  context: Readonly<TSESLint.RuleContext<MessageIds | "invalidConfig", readonly []>>,
  logic: RuleLogic<Input>,
  extend: (input: LogicInput) => Input,
): TSESLint.RuleListener {
  // The logic's visitors are keyed by node type, exactly like an ESLint rule listener.
  const folder = folderPlans(context.filename, context.sourceCode.ast);
  const plan = planOf(folder, logic as RuleLogic<never>);
  if (plan === null)
    return fullVisitors(context, folder.config, logic, extend) as TSESLint.RuleListener;
  if (typeof plan !== "function") return plan as TSESLint.RuleListener;
  // Most files of a folder the gate covers end here: nothing allocated for them.
  const gate = plan.gate;
  if (gate !== undefined && !gate(context.sourceCode.ast, context.sourceCode.text))
    return NO_VISITORS as TSESLint.RuleListener;
  return chosenVisitors(context, folder.config, plan, logic, extend) as TSESLint.RuleListener;
}

/** The visitors a lean plan's chooser picks for the file, or its full visitors. */
function chosenVisitors<MessageIds extends string, Input extends LogicInput>(
  context: Readonly<TSESLint.RuleContext<MessageIds | "invalidConfig", readonly []>>,
  config: AgentixConfig | AgentixConfigError,
  choose: LeanChooser,
  logic: RuleLogic<Input>,
  extend: (input: LogicInput) => Input,
): LogicVisitors {
  let full: LogicVisitors | undefined;
  const fullOnce = () => (full ??= fullVisitors(context, config, logic, extend));
  const chosen = choose({
    filename: context.filename,
    program: context.sourceCode.ast,
    scopeManager: () => scopeManagerOf(context),
    text: () => context.sourceCode.text,
    full: fullOnce,
  });
  return chosen ?? fullOnce();
}

function fullVisitors<MessageIds extends string, Input extends LogicInput>(
  context: Readonly<TSESLint.RuleContext<MessageIds | "invalidConfig", readonly []>>,
  config: AgentixConfig | AgentixConfigError,
  logic: RuleLogic<Input>,
  extend: (input: LogicInput) => Input,
): LogicVisitors {
  const base = baseInput(context, config);
  if (base instanceof AgentixConfigError) {
    const program = context.sourceCode.ast;
    if (configReported.has(program)) return NO_VISITORS;
    configReported.add(program);
    return {
      Program() {
        context.report({
          loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } },
          messageId: "invalidConfig",
          data: { problem: base.message },
        });
      },
    };
  }
  // agentix.config.json `ignores` and `rules: { id: "off" }` silence the rule here as in `check`.
  if (ruleVerdict(base.config, logic.ruleId, base.filename) === "off") return NO_VISITORS;
  return logic.create(extend(base), (violation) => {
    context.report({
      loc: violation.loc,
      messageId: violation.messageId as MessageIds,
      data: violation.data,
      ...(violation.suggestions
        ? {
            suggest: violation.suggestions.map((suggestion) => ({
              messageId: suggestion.messageId as MessageIds,
              data: suggestion.data,
              fix: (fixer: TSESLint.RuleFixer) =>
                fixer.replaceTextRange(suggestion.fix.range, suggestion.fix.text),
            })),
          }
        : {}),
    });
  });
}
