// Internal to the analyzer (agentix/analyzer re-exports ./types.js, not this module).
import type { AgentixIndex } from "./types.js";

/**
 * The index but for what the verdict decides (violations, and the diagnostics it completes):
 * what `inspect` and `graph` read, which a warm session builds without collecting the verdict.
 */
export type ModelIndex = Omit<AgentixIndex, "violations" | "diagnostics">;
