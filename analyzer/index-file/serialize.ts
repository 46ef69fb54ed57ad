import type { AgentixIndex } from "./types.js";

/**
 * The bytes of an index: JSON with two-space indentation and a final newline. Keys are in the
 * order the builder wrote them (fixed), arrays are already sorted: equal models give equal bytes.
 */
export function serializeIndex(index: AgentixIndex): string {
  return `${JSON.stringify(index, null, 2)}\n`;
}
