import type { RuleName } from "../rule-registry.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";
import { noPrivateImports } from "./no-private-imports.js";
import { noQueryWrites } from "./no-query-writes.js";
import { noUndeclaredDependencies } from "./no-undeclared-dependencies.js";

/** The rules with their precise typescript-eslint types (for tests and typed consumers). */
export const rules = {
  "no-private-imports": noPrivateImports,
  "no-ambient-capabilities": noAmbientCapabilities,
  "no-query-writes": noQueryWrites,
  "no-undeclared-dependencies": noUndeclaredDependencies,
} satisfies Record<RuleName, unknown>;
