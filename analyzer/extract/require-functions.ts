// Require functions besides the global `require`: node's `createRequire(url)` makes one, and what
// its calls load are import edges as the global require's are (the rules read the same from
// ESTree: eslint-plugin/logic/imports/import-sites.ts). And a require function used other than
// by calling it (handed on, `.call(...)`) loads what cannot be known.
import { ts } from "../project/ts-morph.js";
import { isWrapper, unwrap } from "../project/ts-syntax.js";
import type { Binding, ModuleTables } from "../resolve/bindings.js";

type Lookup = (identifier: ts.Identifier) => Binding | undefined;

const MODULE: ReadonlySet<string> = new Set(["module", "node:module"]);

/** A function's own members that call it: `load.call(null, "./x")` loads as `load("./x")` does. */
const FUNCTION_CALLERS: ReadonlySet<string> = new Set(["call", "apply", "bind"]);

/** Whether the file imports node's `module`: only then can it create a require. */
export function importsModule(tables: ModuleTables): boolean {
  for (const binding of tables.bindings.values())
    if (
      (binding.kind === "import" || binding.kind === "namespace-import") &&
      MODULE.has(binding.specifier)
    )
      return true;
  return false;
}

/**
 * Whether `expression` names node's createRequire: imported by its name (`import { createRequire
 * as make }`) or read from the module's namespace or default import (`module.createRequire`).
 */
export function isCreateRequire(expression: ts.Expression, lookup: Lookup): boolean {
  const inner = unwrap(expression);
  if (ts.isIdentifier(inner)) {
    const binding = lookup(inner);
    return (
      binding?.kind === "import" &&
      MODULE.has(binding.specifier) &&
      binding.imported === "createRequire"
    );
  }
  if (
    !ts.isPropertyAccessExpression(inner) ||
    inner.name.text !== "createRequire" ||
    !ts.isIdentifier(inner.expression)
  )
    return false;
  const binding = lookup(inner.expression);
  return (
    (binding?.kind === "namespace-import" ||
      (binding?.kind === "import" && binding.imported === "default")) &&
    MODULE.has(binding.specifier)
  );
}

/** Whether `expression` is a call of createRequire: the require function it makes. */
export function isCreateRequireCall(expression: ts.Expression, lookup: Lookup): boolean {
  const inner = unwrap(expression);
  return ts.isCallExpression(inner) && isCreateRequire(inner.expression, lookup);
}

/** Whether a binding is `const load = createRequire(...)`: its calls are require() calls. */
export function isCreatedRequire(binding: Binding | undefined, lookup: Lookup): boolean {
  return (
    binding?.kind === "const" &&
    binding.initializer !== undefined &&
    isCreateRequireCall(binding.initializer, lookup)
  );
}

/**
 * Whether the require function `call` makes (a createRequire call) is only called, by name, in
 * its module: `const load = createRequire(url)` unexported, or `createRequire(url)("x")`. Else
 * (exported, handed on, kept in a `let`) what it loads cannot be known; taken apart (`const {
 * resolve } = ...`) it loads nothing.
 */
export function createdRequireStaysHere(call: ts.CallExpression): boolean {
  const outer = outermost(call);
  const parent = outer.parent;
  if (ts.isCallExpression(parent) && parent.expression === outer) return true;
  if (!ts.isVariableDeclaration(parent) || parent.initializer !== outer) return false;
  if (!ts.isIdentifier(parent.name)) return true;
  const list = parent.parent;
  if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return false;
  const statement = list.parent;
  return !(
    ts.isVariableStatement(statement) &&
    (ts.getModifiers(statement) ?? []).some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
    )
  );
}

/**
 * Whether a reference to a require function, other than as the callee of a call, may load a
 * module: handed on (`const r = load`, `f(load)`, `export { load }`) or called through
 * `.call`/`.apply`/`.bind`. Reading another member (`load.resolve(x)`, `require.main`) and
 * `typeof load` load nothing; neither does a name that is no reference (a property's, a type's).
 */
export function useMayLoad(identifier: ts.Identifier): boolean {
  // `(require as any).context(...)`: judged by what the cast is used for.
  const node = outermost(identifier);
  const parent = node.parent;
  if (ts.isTypeOfExpression(parent) || ts.isTypeQueryNode(parent) || ts.isQualifiedName(parent))
    return false;
  if (ts.isPropertyAccessExpression(parent))
    return parent.expression === node && FUNCTION_CALLERS.has(parent.name.text);
  if (ts.isElementAccessExpression(parent) && parent.expression === node) {
    const member = parent.argumentExpression;
    return !ts.isStringLiteralLike(member) || FUNCTION_CALLERS.has(member.text);
  }
  // `{ load }`, `export { load }` and `export { load as other }` hand it on.
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if (ts.isExportSpecifier(parent)) return (parent.propertyName ?? parent.name) === node;
  // A declaration's or a property's own name, a destructured key (`const { load: x } = ...`).
  const named = parent as ts.Node & { readonly name?: ts.Node; readonly propertyName?: ts.Node };
  return named.name !== node && named.propertyName !== node;
}

/** The expression `node` is wrapped in by parentheses and type assertions, outermost. */
function outermost(node: ts.Expression): ts.Expression {
  let current: ts.Expression = node;
  while (isWrapper(current.parent)) current = current.parent;
  return current;
}
