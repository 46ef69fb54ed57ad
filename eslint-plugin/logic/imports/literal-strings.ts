import type { TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import type { EsTreeToTsNodeMap } from "../query-types.js";

/**
 * The parts of a TypeScript compiler literalStrings calls: the plugin passes the `typescript`
 * package, the analyzer the copy ts-morph bundles (a tree is read by the compiler that built it).
 */
export type LiteralStringsCompiler = Pick<
  typeof ts,
  | "isParenthesizedExpression"
  | "isSatisfiesExpression"
  | "isNonNullExpression"
  | "isAsExpression"
  | "isTypeAssertionExpression"
  | "isConstTypeReference"
  | "isIdentifier"
  | "isVariableDeclaration"
>;

/** How many `const`s an asserted target is followed through (`const a = x as "./a.js"; const b = a`). */
const CONST_DEPTH = 4;

/**
 * Whether an expression's type may be a type assertion's word alone (`x as "./a.js"`,
 * `<"./a.js">x`), directly or through the `const` it names: nothing checked that the value is
 * that string, so the target is not proven by its type. `as const`, `satisfies`, `!` and
 * parentheses keep the value's own type.
 */
function asserted(
  compiler: LiteralStringsCompiler,
  checker: ts.TypeChecker,
  node: ts.Node,
  depth: number,
): boolean {
  let current = node;
  for (;;) {
    if (
      compiler.isParenthesizedExpression(current) ||
      compiler.isSatisfiesExpression(current) ||
      compiler.isNonNullExpression(current)
    )
      current = current.expression;
    else if (compiler.isAsExpression(current) || compiler.isTypeAssertionExpression(current)) {
      if (!compiler.isConstTypeReference(current.type)) return true;
      current = current.expression;
    } else break;
  }
  if (depth >= CONST_DEPTH || !compiler.isIdentifier(current)) return false;
  const declaration = checker.getSymbolAtLocation(current)?.valueDeclaration;
  return (
    declaration !== undefined &&
    compiler.isVariableDeclaration(declaration) &&
    declaration.initializer !== undefined &&
    asserted(compiler, checker, declaration.initializer, depth + 1)
  );
}

/**
 * The strings an expression can only be, by its type: a string literal type or a union of them
 * (`"./a.js" | "./b.js"`), sorted, each once; undefined for any other type (`string`, a template
 * literal type, `any`, `never`, a union with a non-string member), and for a type that only an
 * assertion gives (`x as "./contract.js"` may be any string). The analyzer's scan and the rules
 * (with type information) both judge an `import(x)` / `require(x)` target by it, so a
 * literal-union target is one import site per value for both.
 */
export function literalStrings(
  compiler: LiteralStringsCompiler,
  checker: ts.TypeChecker,
  node: ts.Node,
): string[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (!member.isStringLiteral()) return undefined;
    values.push(member.value);
  }
  if (values.length === 0 || asserted(compiler, checker, node, 0)) return undefined;
  return [...new Set(values)].sort();
}

/**
 * `LogicInput.literalStrings` for a file converted with type information: ESLint's parser
 * services or the analyzer's program, through the ESTree-to-TypeScript node map. The checker (and
 * the compiler that built the trees) are asked for only when a target needs them.
 */
export function literalStringsOf(
  compiler: () => LiteralStringsCompiler,
  checker: () => ts.TypeChecker,
  nodeMap: EsTreeToTsNodeMap,
): (node: TSESTree.Node) => string[] | undefined {
  return (node) => literalStrings(compiler(), checker(), nodeMap.get(node));
}
