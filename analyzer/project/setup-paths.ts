// The paths a test runner's config names for its setup modules, read from the config's text:
// literals, and paths built from them and the config's own folder (path.resolve / join,
// `new URL(..., import.meta.url)`, concatenations, templates, the module's constants). Never
// executed; anything else is NotStatic, which the caller reports as a problem at its node.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";

/** What a path is read against. */
export interface PathContext {
  /** The folder of the config file (what `__dirname` and `import.meta.dirname` are). */
  readonly configDir: string;
  /** Jest's `<rootDir>`: replaced in every path. */
  readonly rootDir?: string;
}

/** A value the config's text does not give without running it. */
export class NotStatic extends Error {
  constructor(readonly node: ts.Node) {
    super("not static");
  }
}

/**
 * A path written as a literal, or built from literals and the config's own folder:
 * `path.resolve(__dirname, "setup.ts")`, `join(import.meta.dirname, "x")`,
 * `fileURLToPath(new URL("./setup.ts", import.meta.url))`.
 */
export function pathOf(node: ts.Expression, context: PathContext): string {
  return pathAt(node, context, 0);
}

/** pathOf, `depth` constants deep (a chain longer than MAX_CONSTANT_DEPTH is not followed). */
function pathAt(node: ts.Expression, context: PathContext, depth: number): string {
  const read = (next: ts.Expression) => pathAt(next, context, depth);
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner))
    return withRootDir(inner.text, context);
  if (isConfigDir(inner)) return context.configDir;
  // `__dirname + "/test/setup.ts"`, `${__dirname}/test/setup.ts` (tRPC's root config).
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return read(inner.left) + read(inner.right);
  if (ts.isTemplateExpression(inner))
    return (
      inner.head.text +
      inner.templateSpans.map((span) => read(span.expression) + span.literal.text).join("")
    );
  if (ts.isIdentifier(inner)) {
    if (depth >= MAX_CONSTANT_DEPTH) throw new NotStatic(inner);
    return pathAt(constantValue(inner), context, depth + 1);
  }
  if (ts.isCallExpression(inner)) {
    const callee = calleeName(inner.expression);
    if (callee === "resolve" || callee === "join") {
      const parts = inner.arguments.map(read);
      return callee === "resolve" ? path.resolve(context.configDir, ...parts) : path.join(...parts);
    }
    if (callee === "fileURLToPath" && inner.arguments.length === 1) {
      const url = unwrap(inner.arguments[0] as ts.Expression);
      if (ts.isNewExpression(url)) return urlPath(url, context);
    }
  }
  if (
    ts.isPropertyAccessExpression(inner) &&
    inner.name.text === "pathname" &&
    ts.isNewExpression(unwrap(inner.expression))
  )
    return urlPath(unwrap(inner.expression) as ts.NewExpression, context);
  throw new NotStatic(inner);
}

/** How many constants deep a path is read: a longer chain is not followed. */
const MAX_CONSTANT_DEPTH = 8;

/**
 * What a constant of the config's own module holds (`const setup = resolve(__dirname, "x")`,
 * then `setupFiles: [setup]`): its initializer, read in the caller's place. Anything else (a
 * parameter, a `let`, an import, a chain of more than MAX_CONSTANT_DEPTH) is not static.
 */
function constantValue(name: ts.Identifier): ts.Expression {
  for (const statement of name.getSourceFile().statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name.text &&
        declaration.initializer !== undefined
      )
        return declaration.initializer;
  }
  throw new NotStatic(name);
}

/** A path with Jest's `<rootDir>` replaced (none in Vitest's). */
export function withRootDir(value: string, context: PathContext): string {
  return context.rootDir === undefined ? value : value.replaceAll("<rootDir>", context.rootDir);
}

/** `new URL("./x", import.meta.url)`: the path it names. */
function urlPath(url: ts.NewExpression, context: PathContext): string {
  const [relative, base] = url.arguments ?? [];
  const target = relative === undefined ? undefined : unwrap(relative);
  if (
    !ts.isIdentifier(url.expression) ||
    url.expression.text !== "URL" ||
    target === undefined ||
    !(ts.isStringLiteral(target) || ts.isNoSubstitutionTemplateLiteral(target)) ||
    base === undefined ||
    unwrap(base).getText() !== "import.meta.url"
  )
    throw new NotStatic(url);
  return path.resolve(context.configDir, target.text);
}

/** `__dirname` or `import.meta.dirname`: the config's folder. */
function isConfigDir(node: ts.Expression): boolean {
  return (
    (ts.isIdentifier(node) && node.text === "__dirname") || node.getText() === "import.meta.dirname"
  );
}

/** `resolve` and `path.resolve` alike (node:path imported under any name). */
function calleeName(callee: ts.Expression): string | undefined {
  const inner = unwrap(callee);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  return undefined;
}
