// Projects `s.*` schema expressions to JSON Schema without running them (builders.ts holds one
// function per builder), following the constants a schema references across files.
import { ts } from "../project/ts-morph.js";
import { isAgentixModule, unwrap } from "../project/ts-syntax.js";
import { snippet, type Origin } from "../resolve/origin.js";
import type { ValueResolver } from "../resolve/values.js";
import { projectBuilder, type BuildTools } from "./builders.js";
import { defineOwn, evaluateJson, evaluateOrigin, fail, type Failure } from "./evaluate.js";
import {
  keywords,
  notProjected,
  type JsonObject,
  type NotProjected,
  type Projected,
  type Projection,
} from "./projection.js";

export type { JsonObject, NotProjected, Projected, Projection } from "./projection.js";
export type { TypeText } from "./type-text.js";

/** `z.string().min(1)` -> `z`; `schemas.User.optional()` -> `schemas`. */
function chainRoot(expression: ts.Expression): ts.Expression {
  let current = unwrap(expression);
  for (;;) {
    if (
      ts.isCallExpression(current) ||
      ts.isPropertyAccessExpression(current) ||
      ts.isElementAccessExpression(current)
    ) {
      current = unwrap(current.expression);
    } else {
      return current;
    }
  }
}

/**
 * Projects `s.*` schema expressions to JSON Schema without running them: the builders'
 * output is reproduced key for key (same key order as the runtime's JSON), following the
 * constants a schema references across files.
 */
export class SchemaProjector implements BuildTools {
  private readonly memo = new Map<ts.Node, Projection>();

  constructor(readonly resolver: ValueResolver) {}

  project(expression: ts.Expression): Projection {
    return this.projectOrigin(this.resolver.resolve(expression), expression, 0);
  }

  /** Projects a value whose origin is already resolved (an export, say); `at` locates failures. */
  projectOrigin(origin: Origin, at: ts.Expression, depth = 0): Projection {
    if (depth > 64) return notProjected("the schema is nested too deeply (a cycle?)", at);
    switch (origin.kind) {
      case "unknown":
        return notProjected(origin.reason, origin.node);
      case "namespace":
        return notProjected(`${snippet(at)} is a module namespace, not a schema`, at);
      case "external":
        return isAgentixModule(origin.module)
          ? notProjected(`${origin.path.join(".")} from "${origin.module}" is not a schema`, at)
          : notProjected(
              `${origin.path.join(".")} is a schema value from "${origin.module}" (not an s.* schema)`,
              at,
              origin.module,
            );
      case "node": {
        const known = this.memo.get(origin.node);
        if (known) return known;
        const result = this.projectNode(origin.node, depth);
        this.memo.set(origin.node, result);
        return result;
      }
    }
  }

  private projectNode(node: ts.Expression, depth: number): Projection {
    if (!ts.isCallExpression(node)) {
      return notProjected(
        `${snippet(node)} is not a schema expression (expected an s.* call or a constant holding one)`,
        node,
      );
    }
    const callee = this.resolver.resolve(node.expression);
    if (callee.kind === "external") {
      if (isAgentixModule(callee.module) && callee.path.length === 2 && callee.path[0] === "s") {
        const name = callee.path[1]!;
        return projectBuilder({ name, call: node, args: node.arguments, depth, tools: this });
      }
      if (!isAgentixModule(callee.module)) {
        return notProjected(
          `${snippet(node)} builds a "${callee.module}" schema (not an s.* schema)`,
          node,
          callee.module,
        );
      }
      return notProjected(
        `${callee.path.join(".")}(...) from "${callee.module}" is not an s.* schema builder`,
        node,
      );
    }
    // A method chain on a foreign schema: `z.string().min(1)`.
    const root = this.resolver.resolve(chainRoot(node));
    if (root.kind === "external" && !isAgentixModule(root.module)) {
      return notProjected(
        `${snippet(node)} builds a "${root.module}" schema (not an s.* schema)`,
        node,
        root.module,
      );
    }
    if (callee.kind === "unknown") return notProjected(`${snippet(node)}: ${callee.reason}`, node);
    return notProjected(
      `${snippet(node)} is a call the analyzer cannot evaluate (only s.* builders are projected)`,
      node,
    );
  }

  child(expression: ts.Expression | undefined, at: ts.Node, depth: number): Projection {
    if (!expression) return notProjected("a schema argument is missing", at);
    if (ts.isSpreadElement(expression))
      return notProjected("a spread argument is not projected", expression);
    return this.projectOrigin(this.resolver.resolve(expression), expression, depth + 1);
  }

  options(expression: ts.Expression | undefined): { ok: true; value: JsonObject } | Failure {
    if (!expression) return { ok: true, value: {} };
    const value = evaluateJson(expression, this.resolver);
    if (!value.ok) return value;
    if (value.value === undefined) return { ok: true, value: {} };
    if (value.value === null || typeof value.value !== "object" || Array.isArray(value.value)) {
      return fail(`${snippet(expression)} is not an options object`, expression);
    }
    return { ok: true, value: keywords(value.value) };
  }

  members(
    expression: ts.Expression | undefined,
    at: ts.Node,
    depth: number,
  ): { ok: true; value: Projected[] } | NotProjected {
    if (!expression) return notProjected("s.union needs an array of schemas", at);
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isArrayLiteralExpression(origin.node)) {
      return notProjected(
        origin.kind === "unknown"
          ? origin.reason
          : `${snippet(expression)} is not an array literal`,
        expression,
      );
    }
    const out: Projected[] = [];
    for (const element of origin.node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.members(element.expression, element, depth + 1);
        if (!spread.ok) return spread;
        out.push(...spread.value);
        continue;
      }
      const member = this.child(element, element, depth);
      if (!member.ok) return member;
      out.push(member);
    }
    return { ok: true, value: out };
  }

  /** The shape's entries in the order `Object.entries` gives them at run time. */
  shapeEntries(
    expression: ts.Expression,
    depth: number,
  ): { ok: true; value: Map<string, Projected> } | NotProjected {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isObjectLiteralExpression(origin.node)) {
      return notProjected(
        origin.kind === "unknown"
          ? origin.reason
          : `${snippet(expression)} is not an object literal shape`,
        expression,
      );
    }
    // A plain object reproduces the runtime's key order (integer-like keys first).
    const ordered: Record<string, Projected> = {};
    for (const property of origin.node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.shapeEntries(property.expression, depth + 1);
        if (!spread.ok) return spread;
        for (const [key, value] of spread.value) defineOwn(ordered, key, value);
        continue;
      }
      const nameNode = property.name;
      let key: string | undefined;
      if (nameNode && ts.isComputedPropertyName(nameNode)) {
        const evaluated = evaluateOrigin(
          this.resolver.resolve(nameNode.expression),
          nameNode,
          this.resolver,
          0,
        );
        key =
          evaluated.ok &&
          (typeof evaluated.value === "string" || typeof evaluated.value === "number")
            ? String(evaluated.value)
            : undefined;
      } else if (nameNode) {
        key =
          ts.isIdentifier(nameNode) ||
          ts.isStringLiteral(nameNode) ||
          ts.isNoSubstitutionTemplateLiteral(nameNode)
            ? nameNode.text
            : ts.isNumericLiteral(nameNode)
              ? String(Number(nameNode.text))
              : undefined;
      }
      if (key === undefined)
        return notProjected("a shape property name is not a literal", property);
      let value: Projection;
      if (ts.isPropertyAssignment(property))
        value = this.child(property.initializer, property, depth);
      else if (ts.isShorthandPropertyAssignment(property))
        value = this.child(property.name, property, depth);
      else return notProjected(`shape property "${key}" is a method or accessor`, property);
      if (!value.ok) return value;
      defineOwn(ordered, key, value);
    }
    return { ok: true, value: new Map(Object.entries(ordered)) };
  }
}
