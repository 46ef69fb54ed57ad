// A `const` collection of a test file that no code ever changes is not state two cases can share:
// `const known = new Set(["EUR"])` read with `.has()` leaves nothing behind for the next case.
// Anything the analyzer cannot prove read-only (passed to a call, returned, a method that
// writes, an assignment) keeps it shared.
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

/** Built-in collections a literal-argument `new` builds without side effects. */
const COLLECTIONS = new Set(["Set", "Map"]);

/** Members that only read a Set, a Map or an array. */
const READERS = new Set([
  "has",
  "get",
  "size",
  "length",
  "at",
  "includes",
  "indexOf",
  "lastIndexOf",
  "keys",
  "values",
  "entries",
  "forEach",
  "map",
  "filter",
  "some",
  "every",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "join",
  "slice",
  "reduce",
  "reduceRight",
  "flat",
  "flatMap",
  "concat",
  "toSorted",
  "toReversed",
  "toSpliced",
  "with",
  "toString",
]);

/** `new Set(...)` / `new Map(...)` / an array literal: a collection the binding alone can change. */
export function isCollectionLiteral(initializer: ts.Expression): boolean {
  const node = unwrap(initializer);
  if (ts.isArrayLiteralExpression(node)) return true;
  return (
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    COLLECTIONS.has(node.expression.text)
  );
}

/** The arguments a collection literal is built from (checked for stateful calls by the caller). */
export function collectionArguments(initializer: ts.Expression): readonly ts.Expression[] {
  const node = unwrap(initializer);
  if (ts.isArrayLiteralExpression(node)) return node.elements;
  return ts.isNewExpression(node) ? (node.arguments ?? []) : [];
}

/** Whether every use of the binding in its file only reads it. */
export function neverMutated(
  name: ts.Identifier,
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
): boolean {
  const symbol = checker.getSymbolAtLocation(name);
  if (symbol === undefined) return false;
  let readOnly = true;
  const visit = (node: ts.Node): void => {
    if (!readOnly) return;
    if (
      ts.isIdentifier(node) &&
      node !== name &&
      node.text === name.text &&
      checker.getSymbolAtLocation(node) === symbol
    ) {
      readOnly = isRead(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return readOnly;
}

/** `x.has(v)`, `x.size`, `x[0]`, `...x`, `for (const v of x)`: a use that cannot change x. */
function isRead(identifier: ts.Identifier): boolean {
  let node: ts.Node = identifier;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isNonNullExpression(node.parent)
  )
    node = node.parent;
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
    if (!READERS.has(parent.name.text) || isWritten(parent)) return false;
    // A reader's callback may still change the collection through the binding: that use is
    // visited on its own.
    return true;
  }
  if (ts.isElementAccessExpression(parent) && parent.expression === node) return !isWritten(parent);
  if (ts.isSpreadElement(parent)) return true;
  if (ts.isForOfStatement(parent) && parent.expression === node) return true;
  if (ts.isTypeQueryNode(parent)) return true;
  return false;
}

/** An access that is assigned, incremented or deleted. */
function isWritten(access: ts.Expression): boolean {
  const parent = access.parent;
  if (ts.isBinaryExpression(parent) && parent.left === access)
    return (
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    );
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent))
    return (
      parent.operator === ts.SyntaxKind.PlusPlusToken ||
      parent.operator === ts.SyntaxKind.MinusMinusToken
    );
  return ts.isDeleteExpression(parent);
}
