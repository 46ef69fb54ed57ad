// Expected reports of agentix/no-ambient-capabilities in RuleTester cases, shared by its test files.
import type { noAmbientCapabilitiesMessages } from "../../eslint-plugin/logic/no-ambient-capabilities.js";

export type AmbientMessageId = keyof typeof noAmbientCapabilitiesMessages;

/** One expected report: category, capability label, position (ESLint's 1-based columns). */
export const at = (
  messageId: AmbientMessageId,
  capability: string,
  line: number,
  column: number,
  endColumn?: number,
) => ({
  messageId,
  data: { capability },
  line,
  column,
  ...(endColumn === undefined ? {} : { endLine: line, endColumn }),
});

/** The capability label of a banned module. */
export const mod = (specifier: string) => `the "${specifier}" module`;
