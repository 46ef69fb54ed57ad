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

/** How many `const`s and nested templates a target is followed through. */
const CONSTANT_DEPTH = 4;

/**
 * The string an `import(x)` / `require(x)` target names without types, as TypeScript types it
 * (the analyzer resolves the target with the checker): a literal; an identifier bound to a
 * `const` declared with one (`as const` and `satisfies` seen through); a template literal whose
 * substitutions are all such values, string or number (`../orders/${name}`, `v${2}`): TypeScript
 * gives it that literal type. Undefined otherwise (`let`, a call, `${x as string}`, `+`).
 */
export function constantString(
  node: TSESTree.Node | undefined,
  scopeManager: ScopeManager,
): string | undefined {
  return constantText(node, scopeManager, 0, false);
}

/** `constantString`, numbers as TypeScript writes them in a template (`numbers`), to `depth`. */
function constantText(
  node: TSESTree.Node | undefined,
  scopeManager: ScopeManager,
  depth: number,
  numbers: boolean,
): string | undefined {
  const literal = staticString(node);
  if (literal !== undefined || !node || depth > CONSTANT_DEPTH) return literal;
  switch (node.type) {
    case AST_NODE_TYPES.Literal:
      return numbers && typeof node.value === "number" ? String(node.value) : undefined;
    case AST_NODE_TYPES.UnaryExpression:
      return numbers &&
        node.operator === "-" &&
        node.argument.type === AST_NODE_TYPES.Literal &&
        typeof node.argument.value === "number"
        ? String(-node.argument.value)
        : undefined;
    case AST_NODE_TYPES.TemplateLiteral: {
      let text = node.quasis[0]?.value.cooked;
      for (const [index, expression] of node.expressions.entries()) {
        const part = constantText(expression, scopeManager, depth + 1, true);
        const next = node.quasis[index + 1]?.value.cooked;
        if (text == null || part === undefined || next == null) return undefined;
        text += part + next;
      }
      return text ?? undefined;
    }
    case AST_NODE_TYPES.Identifier:
      return constantText(constInitializer(node, scopeManager), scopeManager, depth + 1, numbers);
    default:
      return undefined;
  }
}

/** The initializer of the `const` (declared alone, with a plain name) an identifier names. */
export function constInitializer(
  node: TSESTree.Identifier,
  scopeManager: ScopeManager,
): TSESTree.Expression | undefined {
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
    return init ?? undefined;
  }
  return undefined;
}
