import { ESLintUtils } from "@typescript-eslint/utils";
import { ruleDocsUrl } from "../rule-registry.js";

/** The `meta.docs` of agentix rules. */
export interface AgentixRuleDocs {
  readonly description: string;
  /** Whether `configs.recommended` (or, when type-aware, `recommended-type-checked`) enables it. */
  readonly recommended: boolean;
  readonly requiresTypeChecking?: boolean;
}

const ruleCreator = ESLintUtils.RuleCreator<AgentixRuleDocs>(ruleDocsUrl);

const NO_OPTIONS: readonly [] = Object.freeze([]) as readonly [];

/**
 * typescript-eslint's RuleCreator, with each rule's docs URL pointing at its page in the repo,
 * minus its per-file option merging: agentix rules take no options (`schema: []`, enforced by
 * the type), and structuredClone-ing the empty defaults for every linted file cost more than
 * no-private-imports' own work on a file with nothing to resolve.
 */
export function createRule<MessageIds extends string>(
  rule: Readonly<ESLintUtils.RuleWithMetaAndName<[], MessageIds, AgentixRuleDocs>>,
): ReturnType<typeof ruleCreator<[], MessageIds>> {
  const created = ruleCreator(rule);
  return { ...created, create: (context) => rule.create(context, NO_OPTIONS as []) };
}
