// How many cases a parameterised test (`it.each(rows)`, `test.each` with a table, `describe.each`)
// runs, as Vitest counts them: one per row of a literal array (or a tuple type), and for a
// tagged-template table its values divided by the columns of its heading line. Null when the
// rows are only known at run time.
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

/** The rows of an `.each` / `.for` table, or null when they are not static. */
export function eachRows(
  table: ts.Expression | ts.TemplateLiteral,
  checker: ts.TypeChecker,
): number | null {
  if (ts.isNoSubstitutionTemplateLiteral(table) || ts.isTemplateExpression(table))
    return templateRows(table);
  const literal = arrayLiteralOf(table, checker);
  if (literal) {
    if (literal.elements.some((element) => ts.isSpreadElement(element)))
      return tupleLength(literal, checker);
    return literal.elements.length;
  }
  return tupleLength(table, checker);
}

/** Vitest's reading of a table: the first line's `|`-separated headings, then values in rows. */
function templateRows(table: ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): number {
  const strings = ts.isNoSubstitutionTemplateLiteral(table)
    ? [table.text]
    : [table.head.text, ...table.templateSpans.map((span) => span.literal.text)];
  const values = ts.isNoSubstitutionTemplateLiteral(table) ? 0 : table.templateSpans.length;
  const headings = strings.join("").trim().replace(/ /gu, "").split("\n")[0]!.split("|").length;
  return Math.floor(values / headings);
}

/** The array literal an expression is, directly or through a `const` in the same program. */
function arrayLiteralOf(
  expression: ts.Expression,
  checker: ts.TypeChecker,
): ts.ArrayLiteralExpression | undefined {
  const node = unwrap(expression);
  if (ts.isArrayLiteralExpression(node)) return node;
  if (!ts.isIdentifier(node)) return undefined;
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  if (
    declaration === undefined ||
    !ts.isVariableDeclaration(declaration) ||
    declaration.initializer === undefined ||
    (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) === 0
  )
    return undefined;
  const initializer = unwrap(declaration.initializer);
  return ts.isArrayLiteralExpression(initializer) ? initializer : undefined;
}

/** The length of a fixed tuple type (`as const` rows, a typed tuple), else null. */
function tupleLength(expression: ts.Expression, checker: ts.TypeChecker): number | null {
  const type = checker.getTypeAtLocation(expression);
  if (!checker.isTupleType(type)) return null;
  const target = (type as ts.TypeReference).target as ts.TupleType;
  if (target.hasRestElement || target.minLength !== target.fixedLength) return null;
  return target.fixedLength;
}
