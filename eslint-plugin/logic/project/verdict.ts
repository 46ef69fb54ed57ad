import type { AgentixConfig, RuleSeverity } from "../../../schema/load-config.js";
import type { RuleId } from "../violation.js";
import { layoutFor } from "./layout.js";

/**
 * What agentix.config.json says about a rule in a file: "off" when the file matches `ignores`
 * or the rule is set to "off", else the rule's severity ("error" unless set). The ESLint plugin
 * and `agentix check` / `verify` both ask this, so the config gives one verdict.
 */
export function ruleVerdict(config: AgentixConfig, ruleId: RuleId, file: string): RuleSeverity {
  const severity = config.rules[ruleId] ?? "error";
  if (severity === "off") return "off";
  return layoutFor(config).isIgnored(file) ? "off" : severity;
}
