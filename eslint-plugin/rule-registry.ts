// The agentix rules, listed once. The plugin's rule map and configs, the shared logic's set of
// syntactic rules, `agentix check`'s rule descriptions and `agentix verify`'s lint step all
// derive from this list. A new rule is an entry here plus its logic (logic/<name>.ts), its ESLint
// rule (rules/<name>.ts, added to rules/index.ts), its doc page (rules/<name>.md) and their tests;
// the types below refuse a registry entry without a rule or logic behind it.
// Plain data on purpose: the CLI reads it without loading ESLint or typescript-eslint.

export interface RuleEntry {
  readonly name: string;
  /** Needs type information: `recommended-type-checked` enables it, `recommended` does not. */
  readonly typeAware: boolean;
  /** One line saying what the rule enforces (`agentix check`, SARIF `shortDescription`). */
  readonly summary: string;
}

export const RULES = [
  {
    name: "no-private-imports",
    typeAware: false,
    summary: "Cross-feature imports may target only another feature's public contract",
  },
  {
    name: "no-ambient-capabilities",
    typeAware: false,
    summary: "Domain files may not reach ambient capabilities; declare effects instead",
  },
  {
    name: "no-undeclared-dependencies",
    typeAware: false,
    summary: "A feature may use only the contracts of the features it declares as dependencies",
  },
  {
    name: "no-query-writes",
    typeAware: true,
    summary: "Queries may not declare write or external effects, nor emit events",
  },
] as const satisfies readonly RuleEntry[];

type Entry = (typeof RULES)[number];

export type RuleName = Entry["name"];
/** The rules `configs.recommended` enables: no type information needed. */
export type SyntacticRuleName = Extract<Entry, { readonly typeAware: false }>["name"];
/** A rule's id as ESLint and the analyzer report it. */
export type RuleId = `agentix/${RuleName}`;

export function ruleId<Name extends RuleName>(name: Name): `agentix/${Name}` {
  return `agentix/${name}`;
}

/** The rule behind an id, or undefined when the id is not an agentix rule. */
export function ruleOfId(id: string): RuleEntry | undefined {
  return RULES.find((rule) => ruleId(rule.name) === id);
}

export const DOCS_BASE_URL =
  "https://github.com/agentix-dev/agentix/blob/main/eslint-plugin/rules/";

/** A rule's doc page (rules/<name>.md in the repository). */
export function ruleDocsUrl(name: string): string {
  return `${DOCS_BASE_URL}${name}.md`;
}
