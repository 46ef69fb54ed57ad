import { formatIssues } from "../schema/issues.js";
import type { Issue } from "../schema/types.js";

/**
 * The cause `onDefect` receives when a value crossing a port breaks the port operation's
 * schema: the operation called it with bad input, or its adapter returned a bad result. The
 * issues go to the hook only; the outcome names the port operation and the phase, as every
 * DEFECT at a port does, and carries no issues (they can quote stored or internal data).
 */
export class PortSchemaViolation extends Error {
  override readonly name = "PortSchemaViolation";
  constructor(
    /** The operation whose dispatch it happened in. */
    readonly operation: string,
    readonly portOperation: string,
    /** `input`: the operation's call broke the input schema; `output`: the adapter's result broke the output schema. */
    readonly phase: "input" | "output",
    /** At most 50 issues, as validation found them. */
    readonly issues: readonly Issue[],
    /** How many issues were found beyond the listed ones (0 when none). */
    readonly omittedIssues = 0,
  ) {
    super(`${violationSummary(operation, portOperation, phase)}: ${formatIssues(issues)}${omittedIssues > 0 ? ` (and ${omittedIssues} more)` : ""}`);
  }
}

/** The sentence both the outcome's message and the violation's own message start with. */
export function violationSummary(operation: string, portOperation: string, phase: "input" | "output"): string {
  return phase === "input"
    ? `${operation} called ${portOperation} with input that breaks its schema`
    : `the adapter for ${portOperation} returned a result that breaks its schema`;
}
