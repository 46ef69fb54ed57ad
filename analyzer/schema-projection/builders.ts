// One function per `s.*` builder, reproducing the runtime's JSON Schema key for key and the type
// the builder gives it. The keys of BUILDERS are the schema builders of `s`, and nothing else.
import { ts } from "../project/ts-morph.js";
import type { ValueResolver } from "../resolve/values.js";
import { defineOwn, evaluateJson, type Failure } from "./evaluate.js";
import {
  notProjected,
  type JsonObject,
  type NotProjected,
  type Projected,
  type Projection,
} from "./projection.js";
import {
  atom,
  inArray,
  inIntersection,
  literalText,
  objectType,
  union,
  type TypeText,
} from "./type-text.js";

/** What a builder may ask of the projector: its arguments projected, evaluated or listed. */
export interface BuildTools {
  readonly resolver: ValueResolver;
  /** A schema argument, projected. */
  child(expression: ts.Expression | undefined, at: ts.Node, depth: number): Projection;
  /** An options argument: its JSON Schema keywords. */
  options(expression: ts.Expression | undefined): { ok: true; value: JsonObject } | Failure;
  /** The schemas of an array argument (`s.union([...])`). */
  members(
    expression: ts.Expression | undefined,
    at: ts.Node,
    depth: number,
  ): { ok: true; value: Projected[] } | NotProjected;
  /** The projected properties of a shape, in runtime key order. */
  shapeEntries(
    expression: ts.Expression,
    depth: number,
  ): { ok: true; value: Map<string, Projected> } | NotProjected;
}

/** One builder call: its arguments and where it is. */
export interface BuilderCall {
  readonly name: string;
  readonly call: ts.CallExpression;
  readonly args: ts.NodeArray<ts.Expression>;
  readonly depth: number;
  readonly tools: BuildTools;
}

type Builder = (call: BuilderCall) => Projection;

function done(json: JsonObject, output: TypeText, input = output, optional = false): Projected {
  return { ok: true, json, optional, output, input };
}

function withOptions(
  { args, tools }: BuilderCall,
  index: number,
  build: (options: JsonObject) => Projection,
): Projection {
  const options = tools.options(args[index]);
  if (!options.ok) return notProjected(options.reason, options.node);
  return build(options.value);
}

const primitive: Builder = (call) =>
  withOptions(call, 0, (options) =>
    done({ type: call.name, ...options }, atom(call.name === "integer" ? "number" : call.name)),
  );

const literal: Builder = (call) => {
  const { args, tools } = call;
  const value = evaluateJson(args[0] ?? call.call, tools.resolver);
  if (!value.ok) return notProjected(value.reason, value.node);
  if (!(value.value === null || ["string", "number", "boolean"].includes(typeof value.value))) {
    return notProjected("s.literal takes a string, number, boolean or null", args[0] ?? call.call);
  }
  return withOptions(call, 1, (options) =>
    done({ const: value.value, ...options }, atom(literalText(value.value))),
  );
};

const enumeration: Builder = (call) => {
  const { args, tools } = call;
  const values = evaluateJson(args[0] ?? call.call, tools.resolver);
  if (!values.ok) return notProjected(values.reason, values.node);
  if (!Array.isArray(values.value))
    return notProjected("s.enum takes an array of values", args[0] ?? call.call);
  const members = union((values.value as unknown[]).map((member) => atom(literalText(member))));
  return withOptions(call, 1, (options) =>
    done({ enum: [...(values.value as unknown[])], ...options }, members),
  );
};

const array: Builder = (call) => {
  const items = call.tools.child(call.args[0], call.call, call.depth);
  if (!items.ok) return items;
  return withOptions(call, 1, (options) =>
    done(
      { type: "array", items: items.json, ...options },
      atom(`${inArray(items.output)}[]`),
      atom(`readonly ${inArray(items.input)}[]`),
    ),
  );
};

const record: Builder = (call) => {
  const values = call.tools.child(call.args[0], call.call, call.depth);
  if (!values.ok) return values;
  return withOptions(call, 1, (options) =>
    done(
      { type: "object", ...options, additionalProperties: values.json },
      atom(`Record<string, ${values.output.text}>`),
      atom(`Readonly<Record<string, ${values.input.text}>>`),
    ),
  );
};

const optional: Builder = (call) => {
  const inner = call.tools.child(call.args[0], call.call, call.depth);
  if (!inner.ok) return inner;
  const withUndefined = (type: TypeText) => union([type, atom("undefined")]);
  return done({ ...inner.json }, withUndefined(inner.output), withUndefined(inner.input), true);
};

const brand: Builder = (call) => {
  const { args, tools } = call;
  const brandName = evaluateJson(args[0] ?? call.call, tools.resolver);
  if (!brandName.ok) return notProjected(brandName.reason, brandName.node);
  if (typeof brandName.value !== "string")
    return notProjected("s.brand takes a string name", args[0] ?? call.call);
  const inner = tools.child(args[1], call.call, call.depth);
  if (!inner.ok) return inner;
  const branded: TypeText = {
    text: `${inIntersection(inner.output)} & Brand<${JSON.stringify(brandName.value)}>`,
    precedence: "intersection",
  };
  return done({ ...inner.json, title: brandName.value }, branded, inner.input);
};

const anyOf: Builder = (call) => {
  const members = call.tools.members(call.args[0], call.call, call.depth);
  if (!members.ok) return members;
  return withOptions(call, 1, (options) =>
    done(
      { ...options, anyOf: members.value.map((member) => member.json) },
      union(members.value.map((m) => m.output)),
      union(members.value.map((m) => m.input)),
    ),
  );
};

const object: Builder = ({ args, call, depth, tools }) => {
  const [shapeExpression, optionsExpression] = args;
  if (!shapeExpression) return notProjected("s.object needs a shape", call);
  const shape = tools.shapeEntries(shapeExpression, depth);
  if (!shape.ok) return shape;
  const options = tools.options(optionsExpression);
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
};

export const BUILDERS: Readonly<Record<string, Builder>> = {
  string: primitive,
  number: primitive,
  integer: primitive,
  boolean: primitive,
  unknown: (call) => withOptions(call, 0, (options) => done({ ...options }, atom("unknown"))),
  literal,
  enum: enumeration,
  array,
  object,
  record,
  optional,
  union: anyOf,
  brand,
};

/** Projects one `s.<name>(...)` call. */
export function projectBuilder(call: BuilderCall): Projection {
  const builder = Object.hasOwn(BUILDERS, call.name) ? BUILDERS[call.name] : undefined;
  if (!builder) return notProjected(`s.${call.name} is not a schema builder`, call.call);
  if (call.args.some((argument) => ts.isSpreadElement(argument)))
    return notProjected("spread arguments are not projected", call.call);
  return builder(call);
}
