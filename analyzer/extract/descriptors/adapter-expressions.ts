// Which adapter an expression in `createApplication({ adapters })` is: an implementPort value,
// a factory call returning one, a standard adapter, a test double, or one known from its type.
import { ts } from "../../project/ts-morph.js";
import { TEST_DOUBLES } from "../agentix-api.js";
import { isAgentixModule, unwrap } from "../../project/ts-syntax.js";
import type { AdapterModel, PortModel } from "../model.js";
import type { ReadContext } from "./read-context.js";
import { snippet } from "../../resolve/origin.js";
import { typedAdapterPort } from "./typed-fallbacks.js";

/** An adapter that is not an implementPort call of the project: the port it binds, and its name. */
export interface BoundPort {
  readonly port: PortModel | null;
  readonly name: string | null;
}

/** The adapter an expression is, or undefined (reported) when it cannot be told. */
export function adapterOf(
  expression: ts.Expression,
  where: string,
  context: ReadContext,
): AdapterModel | BoundPort | undefined {
  const { resolver, references, sites } = context;
  const origin = resolver.resolve(expression);
  const found = references.descriptorOfOrigin(origin);
  if (found?.kind === "adapter") return found.model;
  if (found === null) return undefined;
  if (origin.kind === "node" && ts.isCallExpression(origin.node)) {
    const double = testDouble(origin.node, where, context);
    if (double) return double;
    const factory = factoryResult(origin.node, context);
    if (factory) return factory;
  }
  const typed = typedAdapterPort(expression, context);
  if (typed) return { port: typed, name: null };
  sites.report(
    "reference",
    expression,
    `${where}: cannot tell which port ${snippet(expression)} implements${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
  );
  return undefined;
}

/** `memoryPort(Payments)`, `fakeClock()`, `sequentialIds()`: the port the double stands in for. */
function testDouble(
  call: ts.CallExpression,
  where: string,
  { resolver, references, models }: ReadContext,
): BoundPort | undefined {
  const callee = resolver.resolve(call.expression);
  if (callee.kind !== "external" || !isAgentixModule(callee.module) || callee.path.length !== 1)
    return undefined;
  const double = callee.path[0]!;
  if (!(double in TEST_DOUBLES)) return undefined;
  const builtin = TEST_DOUBLES[double];
  if (builtin) return { port: models.builtins.ports.get(builtin) ?? null, name: double };
  const portArgument = call.arguments[0];
  const port = portArgument ? references.refer(portArgument, "port", where) : undefined;
  return { port: port ?? null, name: double };
}

/** `sqliteStore(db)`: the adapter a factory function returns, when it returns an implementPort call. */
function factoryResult(
  call: ts.CallExpression,
  { resolver, references }: ReadContext,
): AdapterModel | undefined {
  const declaration = calledFunction(call, resolver);
  if (!declaration) return undefined;
  for (const result of returnedExpressions(declaration)) {
    const found = references.descriptorOfOrigin(resolver.resolve(result));
    if (found?.kind === "adapter") return found.model;
  }
  return undefined;
}

/**
 * The elements of an adapter list: an array literal (spreads of constant arrays and of calls
 * followed), or a call of a project function every return of which is such a list
 * (`[...memoryStores(), payments]`, `adapters: memoryAdapters()`). What cannot be followed is
 * reported at its position by the literal reader.
 */
export function adapterListElements(
  expression: ts.Expression,
  where: string,
  context: ReadContext,
  following: ReadonlySet<ts.Node> = new Set(),
): ts.Expression[] {
  const { resolver, literals } = context;
  // `buildApp(adapters = [randomIds])`, `...extra` of `extra = []`: a composition root's
  // parameter (tests pass fakes) is read as its default, the adapters a caller passing none gets.
  const defaultList = parameterDefault(expression, resolver);
  if (defaultList !== undefined && !following.has(defaultList))
    return adapterListElements(defaultList, where, context, new Set([...following, defaultList]));
  const origin = resolver.resolve(expression);
  if (origin.kind === "node" && ts.isArrayLiteralExpression(origin.node)) {
    return origin.node.elements.flatMap((element) => {
      if (ts.isSpreadElement(element))
        return adapterListElements(element.expression, where, context, following);
      return ts.isOmittedExpression(element) ? [] : [element];
    });
  }
  if (origin.kind === "node" && ts.isCallExpression(origin.node)) {
    const declaration = calledFunction(origin.node, resolver);
    const results =
      declaration && !following.has(declaration) ? returnedExpressions(declaration) : [];
    const lists = results.map((result) => resolver.resolve(result));
    if (
      results.length > 0 &&
      lists.every((list) => list.kind === "node" && ts.isArrayLiteralExpression(list.node))
    ) {
      const inner = new Set([...following, declaration!]);
      return results.flatMap((result) => adapterListElements(result, where, context, inner));
    }
  }
  return literals.arrayElements(expression, where);
}

/** The default value of the parameter `expression` names, when it names one that has a default. */
function parameterDefault(
  expression: ts.Expression,
  resolver: ReadContext["resolver"],
): ts.Expression | undefined {
  const name = unwrap(expression);
  if (!ts.isIdentifier(name)) return undefined;
  const binding = resolver.lookup(name);
  return binding?.kind === "other" && ts.isParameter(binding.node)
    ? binding.node.initializer
    : undefined;
}

/** The project function a call calls: a declaration, a `const` arrow or function, or an import of one. */
function calledFunction(
  call: ts.CallExpression,
  resolver: ReadContext["resolver"],
): ts.FunctionLikeDeclaration | undefined {
  const callee = unwrap(call.expression);
  let declaration: ts.Node | undefined;
  if (ts.isIdentifier(callee)) {
    const binding = resolver.lookup(callee);
    if (binding?.kind === "other") declaration = binding.node;
    else if (binding?.kind === "const" && binding.initializer)
      declaration = unwrap(binding.initializer);
    else if (binding?.kind === "import") {
      const reference = resolver.reference(callee);
      if (reference) {
        declaration = reference.node;
        if (ts.isVariableDeclaration(declaration) && declaration.initializer)
          declaration = unwrap(declaration.initializer);
      }
    }
  }
  return declaration && ts.isFunctionLike(declaration)
    ? (declaration as ts.FunctionLikeDeclaration)
    : undefined;
}

/** What a function returns: its expression body, or the operand of each of its own returns. */
function returnedExpressions(declaration: ts.FunctionLikeDeclaration): ts.Expression[] {
  const body = declaration.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const results: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) results.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return results;
}
