import type { ESLint, Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { RULES, ruleId } from "./rule-registry.js";
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

/** Every rule of the registry as an error; `recommended` leaves out the type-aware ones. */
const errors = (typeAware: boolean): Linter.RulesRecord =>
  Object.fromEntries(
    RULES.filter((rule) => typeAware || !rule.typeAware).map((rule) => [
      ruleId(rule.name),
      "error",
    ]),
  );

// Usable on its own: without a TypeScript parser every file would be a parsing error (and ESLint
// exits 0 on those). A parser set by a later config (typescript-eslint's) takes precedence.
const languageOptions: Linter.Config["languageOptions"] = {
  parser: tsParser as Linter.Parser,
  sourceType: "module",
};

configs.recommended = {
  name: "agentix/recommended",
  files: TYPESCRIPT_FILES,
  languageOptions,
  plugins: { agentix: plugin },
  rules: errors(false),
};

configs["recommended-type-checked"] = {
  name: "agentix/recommended-type-checked",
  files: TYPESCRIPT_FILES,
  languageOptions,
  plugins: { agentix: plugin },
  rules: errors(true),
};

export { rules, typedRules };
export default plugin;
