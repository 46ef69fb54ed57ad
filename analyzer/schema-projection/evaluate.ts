import { ts } from "../project/ts-morph.js";
import { propertyNameText, snippet, type Origin } from "../resolve/origin.js";
import type { ValueResolver } from "../resolve/values.js";

/** Why a value could not be computed statically, and where. */
export interface Failure {
  readonly ok: false;
  readonly reason: string;
  readonly node: ts.Node;
}

export type Evaluated<T> = { readonly ok: true; readonly value: T } | Failure;

export function fail(reason: string, node: ts.Node): Failure {
  return { ok: false, reason, node };
}

/** Defines an own data property like an object literal does (never the `__proto__` setter). */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * The JSON value of an expression, computed statically: literals, `-1`, template literals
 * without substitutions, arrays, object literals (spreads and computed literal keys included),
 * `undefined`, and constants that hold them, across files. Anything else fails with a reason.
 */
export function evaluateJson(
  expression: ts.Expression,
  resolver: ValueResolver,
  depth = 0,
): Evaluated<unknown> {
  return evaluateOrigin(resolver.resolve(expression), expression, resolver, depth);
}

export function evaluateOrigin(
  origin: Origin,
  at: ts.Node,
  resolver: ValueResolver,
  depth: number,
): Evaluated<unknown> {
  if (depth > 64) return fail("the value is nested too deeply (a cycle?)", at);
  if (origin.kind === "unknown") return fail(origin.reason, origin.node);
  if (origin.kind === "external")
    return fail(`${origin.path.join(".")} from "${origin.module}" is not a literal`, at);
  if (origin.kind === "namespace") return fail("a module namespace is not a literal", at);
  const node = origin.node;
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return { ok: true, value: (node as ts.StringLiteralLike).text };
    case ts.SyntaxKind.NumericLiteral:
      return { ok: true, value: Number((node as ts.NumericLiteral).text) };
    case ts.SyntaxKind.TrueKeyword:
      return { ok: true, value: true };
    case ts.SyntaxKind.FalseKeyword:
      return { ok: true, value: false };
    case ts.SyntaxKind.NullKeyword:
      return { ok: true, value: null };
    case ts.SyntaxKind.Identifier:
      if ((node as ts.Identifier).text === "undefined") return { ok: true, value: undefined };
      break;
    case ts.SyntaxKind.PrefixUnaryExpression: {
      const unary = node as ts.PrefixUnaryExpression;
      if (
        unary.operator === ts.SyntaxKind.MinusToken ||
        unary.operator === ts.SyntaxKind.PlusToken
      ) {
        const operand = evaluateJson(unary.operand, resolver, depth + 1);
        if (!operand.ok) return operand;
        if (typeof operand.value !== "number")
          return fail(`${snippet(node)} is not a number`, node);
        return {
          ok: true,
          value: unary.operator === ts.SyntaxKind.MinusToken ? -operand.value : operand.value,
        };
      }
      break;
    }
    case ts.SyntaxKind.ArrayLiteralExpression:
      return evaluateArray(node as ts.ArrayLiteralExpression, resolver, depth);
    case ts.SyntaxKind.ObjectLiteralExpression:
      return evaluateObject(node as ts.ObjectLiteralExpression, resolver, depth);
    default:
      break;
  }
  return fail(`${snippet(node)} is not a literal value`, node);
}

function evaluateArray(
  node: ts.ArrayLiteralExpression,
  resolver: ValueResolver,
  depth: number,
): Evaluated<unknown> {
  const values: unknown[] = [];
  for (const element of node.elements) {
    if (ts.isSpreadElement(element)) {
      const spread = evaluateJson(element.expression, resolver, depth + 1);
      if (!spread.ok) return spread;
      if (!Array.isArray(spread.value))
        return fail(`${snippet(element)} does not spread an array`, element);
      values.push(...(spread.value as unknown[]));
    } else if (ts.isOmittedExpression(element)) {
      values.push(undefined);
    } else {
      const value = evaluateJson(element, resolver, depth + 1);
      if (!value.ok) return value;
      values.push(value.value);
    }
  }
  return { ok: true, value: values };
}

function evaluateObject(
  node: ts.ObjectLiteralExpression,
  resolver: ValueResolver,
  depth: number,
): Evaluated<unknown> {
  const result: Record<string, unknown> = {};
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = evaluateJson(property.expression, resolver, depth + 1);
      if (!spread.ok) return spread;
      if (
        spread.value === null ||
        typeof spread.value !== "object" ||
        Array.isArray(spread.value)
      ) {
        return fail(`${snippet(property)} does not spread an object`, property);
      }
      for (const [key, value] of Object.entries(spread.value)) defineOwn(result, key, value);
      continue;
    }
    const key = property.name ? propertyNameText(property.name) : undefined;
    if (key === undefined)
      return fail(
        `the property name ${property.name ? snippet(property.name) : ""} is not a literal`,
        property,
      );
    let value: Evaluated<unknown>;
    if (ts.isPropertyAssignment(property))
      value = evaluateJson(property.initializer, resolver, depth + 1);
    else if (ts.isShorthandPropertyAssignment(property))
      value = evaluateJson(property.name, resolver, depth + 1);
    else return fail(`"${key}" is a method or accessor, not a value`, property);
    if (!value.ok) return value;
    defineOwn(result, key, value.value);
  }
  return { ok: true, value: result };
}
