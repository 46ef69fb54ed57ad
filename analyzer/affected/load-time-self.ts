// A unit whose own load-time code refers to it hands itself to other code while its module loads:
// a class's static block or static field calling `register("a", () => new Handler())` or
// `register(this)`, a decorator (it receives the class, a member or a parameter's owner). Whoever
// loads the module may then run any of its code later, though no code names it, so
// reference-graph.ts records such a reference as a call the module makes while it loads: a change
// to any of the unit's members reaches the module's loaders. Reading or writing one of its plain
// fields there (`static total = Plain.count + 1`) runs and hands out none of its code.
import { ts } from "../project/ts-morph.js";
import { hasModifier } from "../project/ts-syntax.js";
import { isFunctionLike } from "./agentix-calls.js";
import { calledAccess, isStaticThis, outermost } from "./value-uses.js";

/**
 * Whether a reference to a unit from its own load-time code (the unit's name, or `this` / `super`
 * where they are a class object) may hand the unit, or a way to reach its code, to other code.
 */
export function handsItselfOut(reference: ts.Expression, checker: ts.TypeChecker): boolean {
  if (ts.isIdentifier(reference) ? inInstanceField(reference) : !isStaticThis(reference))
    return false;
  const node = outermost(reference);
  const parent = node.parent;
  if (
    !(ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) ||
    parent.expression !== node ||
    calledAccess(parent) !== undefined
  )
    return true;
  const key = ts.isPropertyAccessExpression(parent) ? parent.name : parent.argumentExpression;
  const declarations = checker.getSymbolAtLocation(key)?.declarations ?? [];
  return declarations.length === 0 || !declarations.every(isPlainField);
}

/** In an instance field's initializer: it runs when an instance is made, by code that has the class. */
function inInstanceField(node: ts.Node): boolean {
  for (let current = node.parent; !ts.isSourceFile(current); current = current.parent) {
    if (ts.isClassLike(current)) return false;
    if (ts.isPropertyDeclaration(current) && !hasModifier(current, ts.SyntaxKind.StaticKeyword))
      return true;
  }
  return false;
}

/** A field holding a value: reading or writing it runs none of the unit's code. */
function isPlainField(declaration: ts.Declaration): boolean {
  if (ts.isPropertyDeclaration(declaration) || ts.isShorthandPropertyAssignment(declaration))
    return true;
  return ts.isPropertyAssignment(declaration) && !isFunctionLike(declaration.initializer);
}
