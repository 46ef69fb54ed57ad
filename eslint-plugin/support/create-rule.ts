import { ESLintUtils } from "@typescript-eslint/utils";

/** The `meta.docs` of agentix rules. */
export interface AgentixRuleDocs {
  readonly description: string;
  /** Whether `configs.recommended` (or, when type-aware, `recommended-type-checked`) enables it. */
  readonly recommended: boolean;
  readonly requiresTypeChecking?: boolean;
}

export const DOCS_BASE_URL =
  "https://github.com/agentix-dev/agentix/blob/main/eslint-plugin/rules/";

/** typescript-eslint's RuleCreator, with each rule's docs URL pointing at its page in the repo. */
export const createRule = ESLintUtils.RuleCreator<AgentixRuleDocs>(
  (name) => `${DOCS_BASE_URL}${name}.md`,
);
