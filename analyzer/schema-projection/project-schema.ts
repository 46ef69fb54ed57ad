import { ts } from "../project/ts-morph.js";
import { type Origin, type ValueResolver } from "../resolve/values.js";
import { defineOwn, evaluateJson, evaluateOrigin, fail, type Failure } from "./evaluate.js";
import { isAgentixModule, unwrap } from "../project/ts-syntax.js";

export type JsonObject = Record<string, unknown>;

/** The schema builders of `s` and nothing else. */
const SCHEMA_BUILDERS: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "literal",
  "enum",
  "array",
  "object",
  "record",
  "optional",
  "union",
  "brand",
  "unknown",
]);

/** A schema projected statically, exactly as `JSON.stringify` of the runtime value would print it. */
export interface Projected {
  readonly ok: true;
  readonly json: JsonObject;
  /** Made by `s.optional(...)`: the property may be absent in an `s.object`. */
  readonly optional: boolean;
  /** The parsed (output) TypeScript type the s.* builders give it, printed. */
  readonly output: TypeText;
  /** The type callers pass (readonly collections, brands plain), printed. */
  readonly input: TypeText;
}

/** A printed type and how it binds, to parenthesize it inside arrays, unions and intersections. */
export interface TypeText {
  readonly text: string;
  readonly precedence: "atom" | "intersection" | "union";
}

const atom = (text: string): TypeText => ({ text, precedence: "atom" });

function inArray(type: TypeText): string {
  return type.precedence === "atom" ? type.text : `(${type.text})`;
}

function inIntersection(type: TypeText): string {
  return type.precedence === "union" ? `(${type.text})` : type.text;
}

function inUnion(type: TypeText): string {
  return type.precedence === "intersection" ? `(${type.text})` : type.text;
}

function union(types: readonly TypeText[]): TypeText {
  const parts = [...new Set(types.map(inUnion))];
  if (parts.length === 0) return atom("never");
  return parts.length === 1 ? types[0]! : { text: parts.join(" | "), precedence: "union" };
}

function literalText(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

function keyText(key: string): string {
  return IDENTIFIER.test(key) || /^(0|[1-9]\d*)$/u.test(key) ? key : JSON.stringify(key);
}

function objectType(entries: readonly [string, Projected][], side: "output" | "input"): TypeText {
  if (entries.length === 0) return atom("{}");
  const members = entries.map(([key, value]) => {
    const type = value[side];
    // An optional property never holds undefined itself (Exclude<..., undefined> in the builders).
    const text =
      value.optional && type.text.endsWith(" | undefined")
        ? type.text.slice(0, -" | undefined".length)
        : type.text;
    return `${side === "input" ? "readonly " : ""}${keyText(key)}${value.optional ? "?" : ""}: ${text};`;
  });
  return atom(`{ ${members.join(" ")} }`);
}

/** A schema that is not projected: a foreign Standard Schema, or an `s.*` form not known statically. */
export interface NotProjected extends Failure {
  /** The package of a foreign schema (`zod`, `valibot`, ...), else undefined. */
  readonly vendor: string | undefined;
}

export type Projection = Projected | NotProjected;

function notProjected(reason: string, node: ts.Node, vendor?: string): NotProjected {
  return { ok: false, reason, node, vendor };
}

function snippet(node: ts.Node): string {
  const text = node.getText().replace(/\s+/gu, " ");
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
}

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

/** Copies only the options given (the runtime's `keywords(options)`): undefined values are dropped. */
function keywords(options: unknown): JsonObject {
  const out: JsonObject = {};
  if (options === undefined || options === null) return out;
  for (const [key, value] of Object.entries(options as JsonObject))
    if (value !== undefined) defineOwn(out, key, value);
  return out;
}

/**
 * Projects `s.*` schema expressions to JSON Schema without running them: the builders'
 * output is reproduced key for key (same key order as the runtime's JSON), following the
 * constants a schema references across files.
 */
export class SchemaProjector {
  private readonly memo = new Map<ts.Node, Projection>();

  constructor(private readonly resolver: ValueResolver) {}

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
        const builder = callee.path[1]!;
        if (!SCHEMA_BUILDERS.has(builder))
          return notProjected(`s.${builder} is not a schema builder`, node);
        return this.builder(builder, node, depth);
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

  private child(expression: ts.Expression | undefined, at: ts.Node, depth: number): Projection {
    if (!expression) return notProjected("a schema argument is missing", at);
    if (ts.isSpreadElement(expression))
      return notProjected("a spread argument is not projected", expression);
    return this.projectOrigin(this.resolver.resolve(expression), expression, depth + 1);
  }

  private options(
    expression: ts.Expression | undefined,
  ): { ok: true; value: JsonObject } | Failure {
    if (!expression) return { ok: true, value: {} };
    const value = evaluateJson(expression, this.resolver);
    if (!value.ok) return value;
    if (value.value === undefined) return { ok: true, value: {} };
    if (value.value === null || typeof value.value !== "object" || Array.isArray(value.value)) {
      return fail(`${snippet(expression)} is not an options object`, expression);
    }
    return { ok: true, value: keywords(value.value) };
  }

  private builder(name: string, call: ts.CallExpression, depth: number): Projection {
    const args = call.arguments;
    if (args.some((argument) => ts.isSpreadElement(argument)))
      return notProjected("spread arguments are not projected", call);
    const done = (
      json: JsonObject,
      output: TypeText,
      input: TypeText = output,
      optional = false,
    ): Projected => ({ ok: true, json, optional, output, input });
    const withOptions = (index: number, build: (options: JsonObject) => Projection): Projection => {
      const options = this.options(args[index]);
      if (!options.ok) return notProjected(options.reason, options.node);
      return build(options.value);
    };
    switch (name) {
      case "string":
      case "number":
      case "integer":
      case "boolean":
        return withOptions(0, (options) =>
          done({ type: name, ...options }, atom(name === "integer" ? "number" : name)),
        );
      case "unknown":
        return withOptions(0, (options) => done({ ...options }, atom("unknown")));
      case "literal": {
        const value = evaluateJson(args[0] ?? call, this.resolver);
        if (!value.ok) return notProjected(value.reason, value.node);
        if (!(
          value.value === null || ["string", "number", "boolean"].includes(typeof value.value)
        )) {
          return notProjected("s.literal takes a string, number, boolean or null", args[0] ?? call);
        }
        return withOptions(1, (options) =>
          done({ const: value.value, ...options }, atom(literalText(value.value))),
        );
      }
      case "enum": {
        const values = evaluateJson(args[0] ?? call, this.resolver);
        if (!values.ok) return notProjected(values.reason, values.node);
        if (!Array.isArray(values.value))
          return notProjected("s.enum takes an array of values", args[0] ?? call);
        const members = union(
          (values.value as unknown[]).map((member) => atom(literalText(member))),
        );
        return withOptions(1, (options) =>
          done({ enum: [...(values.value as unknown[])], ...options }, members),
        );
      }
      case "array": {
        const items = this.child(args[0], call, depth);
        if (!items.ok) return items;
        return withOptions(1, (options) =>
          done(
            { type: "array", items: items.json, ...options },
            atom(`${inArray(items.output)}[]`),
            atom(`readonly ${inArray(items.input)}[]`),
          ),
        );
      }
      case "record": {
        const values = this.child(args[0], call, depth);
        if (!values.ok) return values;
        return withOptions(1, (options) =>
          done(
            { type: "object", ...options, additionalProperties: values.json },
            atom(`Record<string, ${values.output.text}>`),
            atom(`Readonly<Record<string, ${values.input.text}>>`),
          ),
        );
      }
      case "optional": {
        const inner = this.child(args[0], call, depth);
        if (!inner.ok) return inner;
        const withUndefined = (type: TypeText) => union([type, atom("undefined")]);
        return done(
          { ...inner.json },
          withUndefined(inner.output),
          withUndefined(inner.input),
          true,
        );
      }
      case "brand": {
        const brandName = evaluateJson(args[0] ?? call, this.resolver);
        if (!brandName.ok) return notProjected(brandName.reason, brandName.node);
        if (typeof brandName.value !== "string")
          return notProjected("s.brand takes a string name", args[0] ?? call);
        const inner = this.child(args[1], call, depth);
        if (!inner.ok) return inner;
        const branded: TypeText = {
          text: `${inIntersection(inner.output)} & Brand<${JSON.stringify(brandName.value)}>`,
          precedence: "intersection",
        };
        return done({ ...inner.json, title: brandName.value }, branded, inner.input);
      }
      case "union": {
        const members = this.members(args[0], call, depth);
        if (!members.ok) return members;
        return withOptions(1, (options) =>
          done(
            { ...options, anyOf: members.value.map((member) => member.json) },
            union(members.value.map((m) => m.output)),
            union(members.value.map((m) => m.input)),
          ),
        );
      }
      case "object":
        return this.object(args[0], args[1], call, depth);
      default:
        return notProjected(`s.${name} is not a schema builder`, call);
    }
  }

  private members(
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
  private shapeEntries(
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

  private object(
    shapeExpression: ts.Expression | undefined,
    optionsExpression: ts.Expression | undefined,
    call: ts.CallExpression,
    depth: number,
  ): Projection {
    if (!shapeExpression) return notProjected("s.object needs a shape", call);
    const shape = this.shapeEntries(shapeExpression, depth);
    if (!shape.ok) return shape;
    const options = this.options(optionsExpression);
    if (!options.ok) return notProjected(options.reason, options.node);
    const properties: JsonObject = {};
    const required: string[] = [];
    for (const [key, value] of shape.value) {
      defineOwn(properties, key, value.json);
      if (!value.optional) required.push(key);
    }
    const entries = [...shape.value];
    return {
      ok: true,
      optional: false,
      json: {
        type: "object",
        ...options.value,
        properties,
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: false,
      },
      output: objectType(entries, "output"),
      input: objectType(entries, "input"),
    };
  }
}
