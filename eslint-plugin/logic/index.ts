/**
 * The detection logic of the agentix rules, callable without ESLint. Each `check*` function
 * takes one parsed file and returns the violations ESLint would report for it (same rule id,
 * message id, message, data and ESTree location), ordered by position.
 */
import { noAmbientCapabilitiesLogic } from "./no-ambient-capabilities.js";
import { noPrivateImportsLogic } from "./no-private-imports.js";
import { noQueryWritesLogic, type QueryLogicInput } from "./no-query-writes.js";
import { noUndeclaredDependenciesLogic } from "./no-undeclared-dependencies.js";
import { RULES, type SyntacticRuleName } from "../rule-registry.js";
import { runLogic, type LogicInput, type RuleLogic } from "./rule-logic.js";
import type { Violation } from "./violation.js";

export function checkPrivateImports(input: LogicInput): Violation[] {
  return runLogic(noPrivateImportsLogic, input);
}

export function checkAmbientCapabilities(input: LogicInput): Violation[] {
  return runLogic(noAmbientCapabilitiesLogic, input);
}

export function checkUndeclaredDependencies(input: LogicInput): Violation[] {
  return runLogic(noUndeclaredDependenciesLogic, input);
}

export function checkQueryWrites(input: QueryLogicInput): Violation[] {
  return runLogic(noQueryWritesLogic, input);
}

/** The logic of every rule that needs no type information. */
const SYNTACTIC_LOGIC: Readonly<Record<SyntacticRuleName, RuleLogic>> = {
  "no-private-imports": noPrivateImportsLogic,
  "no-ambient-capabilities": noAmbientCapabilitiesLogic,
  "no-undeclared-dependencies": noUndeclaredDependenciesLogic,
};

/** Every syntactic rule at once (what `configs.recommended` enables), in the registry's order. */
export function checkSyntacticRules(input: LogicInput): Violation[] {
  return RULES.flatMap((rule) =>
    rule.typeAware ? [] : runLogic(SYNTACTIC_LOGIC[rule.name], input),
  ).sort(
    (a, b) =>
      a.loc.start.line - b.loc.start.line ||
      a.loc.start.column - b.loc.start.column ||
      a.ruleId.localeCompare(b.ruleId),
  );
}

export { runLogic, setParentPointers } from "./rule-logic.js";
export type { LogicInput, LogicVisitors, ProjectServices, RuleLogic } from "./rule-logic.js";
export type { QueryLogicInput } from "./no-query-writes.js";
export type {
  Position,
  RuleId,
  SourceLocation,
  Suggestion,
  TextEdit,
  Violation,
} from "./violation.js";
export { interpolate } from "./violation.js";
export {
  createProjectServices,
  sharedProjectServices,
  clearProjectCaches,
} from "./project-services.js";
export {
  createModuleResolver,
  resolveLexically,
  type ModuleResolver,
  type ResolutionKind,
} from "./project/module-resolver.js";
export {
  createFeatureDependencyLookup,
  type DeclaredDependencies,
  type FeatureDependencyLookup,
} from "./project/feature-dependencies.js";
export { createModuleExportsLookup, type ModuleExportsLookup } from "./project/module-exports.js";
export type { SourceProvider } from "./project/source-cache.js";
export { layoutFor, ProjectLayout, type Feature } from "./project/layout.js";
export {
  createQueryTypeServices,
  type EsTreeToTsNodeMap,
  type PortOperationInfo,
  type QueryTypeServices,
} from "./query-types.js";
export { importSiteVisitors, type ImportForm, type ImportSite } from "./imports/import-sites.js";
export {
  noAmbientCapabilitiesLogic,
  noAmbientCapabilitiesMessages,
  NO_AMBIENT_CAPABILITIES,
} from "./no-ambient-capabilities.js";
export {
  noPrivateImportsLogic,
  noPrivateImportsMessages,
  NO_PRIVATE_IMPORTS,
} from "./no-private-imports.js";
export {
  noQueryWritesLogic,
  noQueryWritesMessages,
  NO_QUERY_WRITES,
  QUERY_FORBIDDEN_KINDS,
} from "./no-query-writes.js";
export {
  noUndeclaredDependenciesLogic,
  noUndeclaredDependenciesMessages,
  NO_UNDECLARED_DEPENDENCIES,
} from "./no-undeclared-dependencies.js";
