import type { ESLint, Linter } from "eslint";
import { rules as typedRules } from "./rules/index.js";
import { VERSION } from "./version.js";

/** Files the configs apply to. */
export const TYPESCRIPT_FILES = ["**/*.{ts,tsx,mts,cts}"];

// ESLint's `defineConfig` rejects typescript-eslint's RuleCreator types (typescript-eslint issue
// 11543), so the plugin's rules are typed as ESLint's at this boundary; `typedRules` keeps the
// precise types.
const rules = typedRules as unknown as NonNullable<ESLint.Plugin["rules"]>;

export interface AgentixPlugin extends ESLint.Plugin {
  readonly meta: { readonly name: "agentix"; readonly version: string };
  readonly rules: NonNullable<ESLint.Plugin["rules"]>;
  readonly configs: {
    /** The three syntactic rules as errors: fast enough for every keystroke. */
    readonly recommended: Linter.Config;
    /** `recommended` plus the type-aware no-query-writes (needs typed linting). */
    readonly "recommended-type-checked": Linter.Config;
  };
}

const configs = {} as { recommended: Linter.Config; "recommended-type-checked": Linter.Config };

const plugin: AgentixPlugin = {
  meta: { name: "agentix", version: VERSION },
  rules,
  configs,
};

const syntacticRules: Linter.RulesRecord = {
  "agentix/no-private-imports": "error",
  "agentix/no-ambient-capabilities": "error",
  "agentix/no-undeclared-dependencies": "error",
};

configs.recommended = {
  name: "agentix/recommended",
  files: TYPESCRIPT_FILES,
  plugins: { agentix: plugin },
  rules: syntacticRules,
};

configs["recommended-type-checked"] = {
  name: "agentix/recommended-type-checked",
  files: TYPESCRIPT_FILES,
  plugins: { agentix: plugin },
  rules: { ...syntacticRules, "agentix/no-query-writes": "error" },
};

export { rules, typedRules };
export default plugin;
