import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { Scope, ScopeManager } from "@typescript-eslint/scope-manager";

/** The text of a string literal or a template literal without substitutions. */
export function staticString(node: TSESTree.Node | undefined | null): string | undefined {
  if (!node) return undefined;
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") return node.value;
  if (node.type === AST_NODE_TYPES.TemplateLiteral && node.expressions.length === 0) {
    return node.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

/** The innermost scope around `node`. */
function scopeOf(node: TSESTree.Node, scopeManager: ScopeManager): Scope | null {
  for (let at: TSESTree.Node | undefined = node; at; at = at.parent) {
    const scope = scopeManager.acquire(at, true);
    if (scope) return scope;
  }
  return scopeManager.globalScope;
}

/**
 * The string an `import(x)` / `require(x)` target names without types: a literal, or an
 * identifier bound to a `const` declared in this file with a literal (`as const` and
 * `satisfies` seen through), as the analyzer resolves it with the checker. Undefined otherwise.
 */
export function constantString(
  node: TSESTree.Node | undefined,
  scopeManager: ScopeManager,
): string | undefined {
  const literal = staticString(node);
  if (literal !== undefined || node?.type !== AST_NODE_TYPES.Identifier) return literal;
  for (let scope = scopeOf(node, scopeManager); scope; scope = scope.upper) {
    const variable = scope.set.get(node.name);
    if (!variable) continue;
    const [definition, ...others] = variable.defs;
    if (definition?.type !== "Variable" || others.length > 0) return undefined;
    const declarator = definition.node;
    if (definition.parent?.kind !== "const" || declarator.id.type !== AST_NODE_TYPES.Identifier)
      return undefined;
    let init = declarator.init;
    while (
      init?.type === AST_NODE_TYPES.TSAsExpression ||
      init?.type === AST_NODE_TYPES.TSSatisfiesExpression
    )
      init = init.expression;
    return staticString(init);
  }
  return undefined;
}
