import type { Reference, Scope, ScopeManager, Variable } from "@typescript-eslint/scope-manager";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";

/** `typeof x` / `typeof x.y` in a type: scope analysis counts it as a value reference, but only a type crosses. */
export function isInTypeQuery(identifier: TSESTree.Node): boolean {
  let node = identifier.parent;
  while (node?.type === AST_NODE_TYPES.TSQualifiedName) node = node.parent;
  return node?.type === AST_NODE_TYPES.TSTypeQuery;
}

/**
 * Whether a reference may read a value at run time. ESLint's own scope analysis (eslint-scope,
 * for JavaScript parsed by espree) knows no types and sets no `isValueReference`: there every
 * reference is one (read as false, it hid every global, require and banned import of a .js file).
 */
function isValueReference(reference: Reference): boolean {
  return (reference as { isValueReference?: boolean }).isValueReference !== false;
}

/** Whether a reference reads a value at run time: a value reference outside `typeof x` in a type. */
export function isValueUse(reference: Reference): boolean {
  return isValueReference(reference) && !isInTypeQuery(reference.identifier);
}

/**
 * Value references to global names: references left unresolved by the scope analysis, and
 * references to globals the host declares without a definition in the file (ESLint's configured
 * globals, typescript-eslint's implicit lib variables). A name declared anywhere in the file
 * (parameter, local, import, class) is not global, so shadowed names never show up here;
 * `typeof x` in a type is not a value use either.
 * Ordered by position in the file.
 */
export function globalReferences(
  scopeManager: ScopeManager,
  names: ReadonlySet<string>,
): Reference[] {
  const globalScope = scopeManager.globalScope;
  if (!globalScope) return [];
  const found: Reference[] = [];
  for (const reference of globalScope.through) {
    if (names.has(reference.identifier.name) && isValueUse(reference)) found.push(reference);
  }
  for (const name of names) {
    const variable = globalScope.set.get(name);
    if (variable && variable.defs.length === 0) {
      for (const reference of variable.references) if (isValueUse(reference)) found.push(reference);
    }
  }
  // `declare const process: ...` (or a declared function, class or namespace) binds nothing at
  // run time: the name still reads the global (it hid process.env from both tools).
  for (const scope of [globalScope, ...globalScope.childScopes.filter(isModuleScope)])
    for (const name of names) {
      const variable = scope.set.get(name);
      if (variable && variable.defs.length > 0 && variable.defs.every((def) => isAmbient(def.node)))
        for (const reference of variable.references)
          if (isValueUse(reference)) found.push(reference);
    }
  return found.sort((a, b) => a.identifier.range[0] - b.identifier.range[0]);
}

const isModuleScope = (scope: Scope): boolean => scope.type === "module";

/** Whether a declaration is ambient (`declare`, or inside a `declare` block): no run-time binding. */
function isAmbient(node: TSESTree.Node): boolean {
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    switch (current.type) {
      case AST_NODE_TYPES.VariableDeclaration:
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.TSModuleDeclaration:
      case AST_NODE_TYPES.TSEnumDeclaration:
        if (current.declare) return true;
        break;
      case AST_NODE_TYPES.TSDeclareFunction:
        return true;
      default:
    }
  }
  return false;
}

/** The innermost scope that contains `node`. */
export function scopeOf(scopeManager: ScopeManager, node: TSESTree.Node): Scope | undefined {
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    const scope = scopeManager.acquire(current, true);
    if (scope) {
      // A function's own name and parameters live in the function scope; its body too.
      return scope.type === "function-expression-name" ? (scope.childScopes[0] ?? scope) : scope;
    }
  }
  return scopeManager.globalScope ?? undefined;
}

/** The variable an identifier names, looked up from its scope outwards. */
export function variableOf(
  scopeManager: ScopeManager,
  identifier: TSESTree.Identifier,
): Variable | undefined {
  for (let scope = scopeOf(scopeManager, identifier); scope; scope = scope.upper ?? undefined) {
    const reference = scope.references.find((r) => r.identifier === identifier);
    if (reference) return reference.resolved ?? undefined;
    const variable = scope.set.get(identifier.name);
    if (variable && variable.identifiers.includes(identifier)) return variable;
  }
  return undefined;
}

/**
 * Whether the bindings a declaration introduces are used, and only as types: `import { Knex }
 * from "knex"` read only in `private readonly knex: Knex` is erased from the JavaScript.
 * Unused bindings are not "only types" (an unused import may still load its module).
 */
export function usedOnlyAsTypes(scopeManager: ScopeManager, declaration: TSESTree.Node): boolean {
  const references = scopeManager
    .getDeclaredVariables(declaration)
    .flatMap((variable) => variable.references);
  return references.length > 0 && !references.some(isValueUse);
}

/** The variables a declaration node declares (ESLint's `getDeclaredVariables`). */
export function declaredVariables(
  scopeManager: ScopeManager,
  node: TSESTree.Node,
): readonly Variable[] {
  return scopeManager.getDeclaredVariables(node);
}
