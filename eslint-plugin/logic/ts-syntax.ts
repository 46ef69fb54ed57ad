// Syntax helpers over TypeScript trees, shared by the plugin's project look-ups and the analyzer.
// The compiler is a parameter: the plugin reads its trees with the `typescript` package, the
// analyzer with the copy ts-morph bundles, and a tree must be read by the compiler that built it
// (syntax kinds are numbers that may differ between versions).
import path from "node:path";
import type ts from "typescript";

/** The parts of a TypeScript compiler the helpers call. */
export type SyntaxCompiler = Pick<
  typeof ts,
  | "isParenthesizedExpression"
  | "isAsExpression"
  | "isSatisfiesExpression"
  | "isNonNullExpression"
  | "isTypeAssertionExpression"
  | "canHaveModifiers"
  | "getModifiers"
  | "isIdentifier"
  | "isOmittedExpression"
  | "isFunctionDeclaration"
  | "isClassDeclaration"
  | "isInterfaceDeclaration"
  | "isTypeAliasDeclaration"
  | "isEnumDeclaration"
  | "isModuleDeclaration"
>;

/** An expression around another that changes nothing at run time: `(x)`, `x as T`, `x!`, ... */
export type Wrapper =
  | ts.ParenthesizedExpression
  | ts.AsExpression
  | ts.SatisfiesExpression
  | ts.NonNullExpression
  | ts.TypeAssertion;

export interface TsSyntax {
  /** Whether a node is parentheses, `as`, `satisfies`, `!` or a `<T>` assertion around an expression. */
  isWrapper(node: ts.Node): node is Wrapper;
  /** The expression without parentheses, `as`, `satisfies`, `!` and `<T>` assertions. */
  unwrap(expression: ts.Expression): ts.Expression;
  /** Whether a declaration carries a modifier keyword (`export`, `default`, `declare`, ...). */
  hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean;
  /** The identifiers a binding name declares: itself, or every name of a destructuring pattern. */
  bindingIdentifiers(name: ts.BindingName): ts.Identifier[];
  /** The name a function, class, interface, type alias, enum or namespace declaration declares. */
  declarationName(statement: ts.Statement): string | undefined;
}

export function tsSyntax(compiler: SyntaxCompiler): TsSyntax {
  const isWrapper = (node: ts.Node): node is Wrapper =>
    compiler.isParenthesizedExpression(node) ||
    compiler.isAsExpression(node) ||
    compiler.isSatisfiesExpression(node) ||
    compiler.isNonNullExpression(node) ||
    compiler.isTypeAssertionExpression(node);
  const unwrap = (expression: ts.Expression): ts.Expression => {
    let current = expression;
    while (isWrapper(current)) current = current.expression;
    return current;
  };
  const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
    compiler.canHaveModifiers(node) &&
    (compiler.getModifiers(node)?.some((modifier) => modifier.kind === kind) ?? false);
  const bindingIdentifiers = (name: ts.BindingName): ts.Identifier[] =>
    compiler.isIdentifier(name)
      ? [name]
      : (name.elements as readonly (ts.BindingElement | ts.OmittedExpression)[]).flatMap(
          (element) =>
            compiler.isOmittedExpression(element) ? [] : bindingIdentifiers(element.name),
        );
  const declarationName = (statement: ts.Statement): string | undefined =>
    (compiler.isFunctionDeclaration(statement) ||
      compiler.isClassDeclaration(statement) ||
      compiler.isInterfaceDeclaration(statement) ||
      compiler.isTypeAliasDeclaration(statement) ||
      compiler.isEnumDeclaration(statement) ||
      compiler.isModuleDeclaration(statement)) &&
    statement.name !== undefined &&
    compiler.isIdentifier(statement.name)
      ? statement.name.text
      : undefined;
  return { isWrapper, unwrap, hasModifier, bindingIdentifiers, declarationName };
}

/**
 * `./x`, `../x`, `.` or `..`: a specifier that names its target's folder by its text ("." and
 * ".." are resolved as "./" and "../": a folder's index, its package.json).
 */
export function isDotRelativeSpecifier(specifier: string): boolean {
  return (
    specifier.startsWith("./") ||
    specifier.startsWith("../") ||
    specifier === ".." ||
    specifier === "."
  );
}

/** `./x`, `../x`, `.`, `..` or an absolute path: a file, never a package. */
export function isRelativeSpecifier(specifier: string): boolean {
  return isDotRelativeSpecifier(specifier) || path.isAbsolute(specifier);
}

/** The agentix package or one of its entry points (`agentix/testing`, `agentix/http`). */
export function isAgentixModule(specifier: string): boolean {
  return specifier === "agentix" || specifier.startsWith("agentix/");
}
