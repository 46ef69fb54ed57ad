import { ESLintUtils } from "@typescript-eslint/utils";
import { ruleDocsUrl } from "../rule-registry.js";

/** The `meta.docs` of agentix rules. */
export interface AgentixRuleDocs {
  readonly description: string;
  /** Whether `configs.recommended` (or, when type-aware, `recommended-type-checked`) enables it. */
  readonly recommended: boolean;
  readonly requiresTypeChecking?: boolean;
}

/** typescript-eslint's RuleCreator, with each rule's docs URL pointing at its page in the repo. */
export const createRule = ESLintUtils.RuleCreator<AgentixRuleDocs>(ruleDocsUrl);
