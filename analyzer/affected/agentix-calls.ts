// The agentix calls whose arguments run later (stored for dispatch) or build frozen values, and
// how a callee is recognised as one (through the type checker: renamed and namespace imports).
import { DESCRIPTOR_CALLS } from "../extract/agentix-api.js";
import { ts } from "../project/ts-morph.js";
import { isAgentixModule, unwrap } from "../project/ts-syntax.js";

/** Callbacks agentix never calls while a module loads: it stores them for dispatch. */
export const DEFERRED_SLOTS: Readonly<
  Record<string, { readonly argument: number; readonly properties: readonly string[] | "all" }>
> = {
  defineCommand: { argument: 0, properties: ["execute"] },
  defineQuery: { argument: 0, properties: ["execute"] },
  defineInvariant: { argument: 0, properties: ["check"] },
  implementPort: { argument: 1, properties: "all" },
  createApplication: { argument: 0, properties: ["onDefect"] },
  createHttpHandler: { argument: 1, properties: ["principal", "onError"] },
  route: { argument: 3, properties: ["input"] },
};
/** agentix calls whose result is frozen: a value built by them holds no state tests could share. */
export const FROZEN_CALLS: ReadonlySet<string> = new Set([
  ...DESCRIPTOR_CALLS,
  "createApplication",
  "route",
  "defineEvent",
]);
/** agentix calls that only store the values given to them (never call them) while a module loads. */
export const STORING_CALLS: ReadonlySet<string> = new Set([
  ...DESCRIPTOR_CALLS,
  "createApplication",
  "createHttpHandler",
  "route",
  "memoryPort",
]);

export function isFunctionLike(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** The imported name of the agentix function a callee refers to (renamed and namespace imports included). */
export function agentixCallee(checker: ts.TypeChecker, callee: ts.Expression): string | undefined {
  const expression = unwrap(callee);
  const base = ts.isPropertyAccessExpression(expression) ? expression.expression : expression;
  if (!ts.isIdentifier(base)) return undefined;
  const declaration = checker.getSymbolAtLocation(base)?.declarations?.[0];
  if (declaration === undefined) return undefined;
  if (ts.isPropertyAccessExpression(expression)) {
    // `agentix.defineCommand` through `import * as agentix from "agentix"`.
    if (ts.isNamespaceImport(declaration)) {
      const module = declaration.parent.parent.moduleSpecifier;
      return ts.isStringLiteral(module) && isAgentixModule(module.text)
        ? expression.name.text
        : undefined;
    }
    // `s.object` through `import { s } from "agentix"`.
    if (!ts.isImportSpecifier(declaration)) return undefined;
    const module = declaration.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteral(module) || !isAgentixModule(module.text)) return undefined;
    return `${(declaration.propertyName ?? declaration.name).text}.${expression.name.text}`;
  }
  if (!ts.isImportSpecifier(declaration)) return undefined;
  const module = declaration.parent.parent.parent.moduleSpecifier;
  if (!ts.isStringLiteral(module) || !isAgentixModule(module.text)) return undefined;
  return (declaration.propertyName ?? declaration.name).text;
}

/** Whether evaluating the expression may create state (a call not known to build frozen values). */
export function containsStatefulCall(node: ts.Node, checker: ts.TypeChecker): boolean {
  if (ts.isCallExpression(node)) {
    const name = agentixCallee(checker, node.expression);
    const frozen = name !== undefined && (FROZEN_CALLS.has(name) || name.startsWith("s."));
    if (!frozen) return true;
  } else if (
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node) ||
    ts.isAwaitExpression(node)
  ) {
    return true;
  }
  if (isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => containsStatefulCall(child, checker)) ?? false;
}
