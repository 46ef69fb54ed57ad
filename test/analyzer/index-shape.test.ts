// The index has one shape, written twice on purpose: schema/index.v2.schema.json is the published
// contract (what readers validate against), analyzer/index-file/types.ts is its TypeScript view
// (what the builder and the verbs are checked against). This test holds them equal field by
// field: every object's property names, which are required, every type down to literal sets,
// nullability, arrays and nested objects. Whatever one side says and the other does not fails,
// with the path of the field.
import path from "node:path";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";

/** A type as both sides can state it. */
type Shape =
  | "string"
  | "number"
  | "boolean"
  | "null"
  | "any-object"
  | { readonly literal: string | number }
  | { readonly array: Shape }
  | {
      readonly object: Readonly<
        Record<string, { readonly required: boolean; readonly shape: Shape }>
      >;
    }
  | { readonly union: readonly Shape[] };

interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string;
  readonly const?: string | number;
  readonly enum?: readonly (string | number)[];
  readonly anyOf?: readonly JsonSchema[];
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
}

/** A union, flattened, without repeats, in a fixed order (a single member is itself). */
function union(members: readonly Shape[]): Shape {
  const flat = members.flatMap((member) =>
    typeof member === "object" && "union" in member ? member.union : [member],
  );
  const unique = [...new Map(flat.map((member) => [JSON.stringify(member), member])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, member]) => member);
  return unique.length === 1 ? unique[0]! : { union: unique };
}

function schemaShape(node: JsonSchema, root: JsonSchema, where: string): Shape {
  if (node.$ref !== undefined) {
    const name = /^#\/\$defs\/(.+)$/u.exec(node.$ref)?.[1];
    const target = name === undefined ? undefined : root.$defs?.[name];
    if (target === undefined) throw new Error(`${where}: unknown $ref ${node.$ref}`);
    return schemaShape(target, root, where);
  }
  if (node.anyOf) return union(node.anyOf.map((member) => schemaShape(member, root, where)));
  if (node.enum) return union(node.enum.map((literal) => ({ literal })));
  if (node.const !== undefined) return { literal: node.const };
  switch (node.type) {
    case "string":
    case "boolean":
    case "null":
      return node.type;
    case "integer":
    case "number":
      return "number";
    case "array":
      if (!node.items) throw new Error(`${where}: an array without items`);
      return { array: schemaShape(node.items, root, `${where}[]`) };
    case "object": {
      if (!node.properties) return "any-object";
      if (node.additionalProperties !== false) throw new Error(`${where}: an open object`);
      const required = new Set(node.required ?? []);
      return {
        object: Object.fromEntries(
          Object.entries(node.properties).map(([key, value]) => [
            key,
            { required: required.has(key), shape: schemaShape(value, root, `${where}.${key}`) },
          ]),
        ),
      };
    }
    default:
      throw new Error(`${where}: no type`);
  }
}

function typeShape(type: ts.Type, checker: ts.TypeChecker, where: string, optional = false): Shape {
  if (type.isUnion()) {
    // An optional property's `undefined` is its absence, which `required` already states.
    const defined = optional
      ? type.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined))
      : type.types;
    if (defined.length === 1) return typeShape(defined[0]!, checker, where);
    const members = defined.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral));
    const booleans = members.length < defined.length ? ["boolean" as const] : [];
    return union([...booleans, ...members.map((member) => typeShape(member, checker, where))]);
  }
  if (type.flags & ts.TypeFlags.String) return "string";
  if (type.flags & ts.TypeFlags.Number) return "number";
  if (type.flags & ts.TypeFlags.Boolean) return "boolean";
  if (type.flags & ts.TypeFlags.Null) return "null";
  if (type.isStringLiteral() || type.isNumberLiteral()) return { literal: type.value };
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0]!;
    return { array: typeShape(element, checker, `${where}[]`) };
  }
  if (type.flags & ts.TypeFlags.Object) {
    const properties = checker.getPropertiesOfType(type);
    if (properties.length === 0 && checker.getIndexInfosOfType(type).length > 0)
      return "any-object";
    return {
      object: Object.fromEntries(
        properties.map((property) => [
          property.name,
          {
            required: !(property.flags & ts.SymbolFlags.Optional),
            shape: typeShape(
              checker.getTypeOfSymbol(property),
              checker,
              `${where}.${property.name}`,
              (property.flags & ts.SymbolFlags.Optional) !== 0,
            ),
          },
        ]),
      ),
    };
  }
  throw new Error(`${where}: ${checker.typeToString(type)} has no JSON Schema counterpart`);
}

/** A shape in a few words, for a difference. */
function text(shape: Shape): string {
  if (typeof shape === "string") return shape;
  if ("literal" in shape) return JSON.stringify(shape.literal);
  if ("array" in shape) return `${text(shape.array)}[]`;
  if ("object" in shape) return "an object";
  return shape.union.map(text).join(" | ");
}

/** What sort of shape it is: the members of two unions are compared sort by sort. */
function sortOf(shape: Shape): string {
  return typeof shape === "string"
    ? shape
    : "literal" in shape
      ? "literal"
      : Object.keys(shape)[0]!;
}

/** Where the declared shape and the published one differ, one line per field. */
function differences(declared: Shape, published: Shape, where: string): string[] {
  if (JSON.stringify(declared) === JSON.stringify(published)) return [];
  const mismatch = [
    `${where}: the schema says ${text(published)}, types.ts says ${text(declared)}`,
  ];
  if (typeof declared === "object" && typeof published === "object") {
    if ("object" in declared && "object" in published) {
      const keys = [
        ...new Set([...Object.keys(published.object), ...Object.keys(declared.object)]),
      ];
      return keys.flatMap((key) => {
        const mine = declared.object[key];
        const theirs = published.object[key];
        if (!mine) return [`${where}.${key}: only in the schema`];
        if (!theirs) return [`${where}.${key}: only in types.ts`];
        const required =
          mine.required === theirs.required
            ? []
            : [
                `${where}.${key}: ${theirs.required ? "required" : "optional"} in the schema, not in types.ts`,
              ];
        return [...required, ...differences(mine.shape, theirs.shape, `${where}.${key}`)];
      });
    }
    if ("array" in declared && "array" in published) {
      return differences(declared.array, published.array, `${where}[]`);
    }
    if ("union" in declared && "union" in published) {
      const sorts = (shape: { union: readonly Shape[] }) => shape.union.map(sortOf);
      const mine = sorts(declared);
      // Unions of one member per sort (`location | null`): compare member by member.
      if (new Set(mine).size === mine.length && mine.join() === sorts(published).join()) {
        return declared.union.flatMap((member, index) =>
          differences(member, published.union[index]!, where),
        );
      }
    }
  }
  return mismatch;
}

let typesModule: { readonly checker: ts.TypeChecker; readonly exports: ts.Symbol[] } | undefined;

/** The shape of an exported type of analyzer/index-file/types.ts. */
function declaredShape(name: string): Shape {
  if (typesModule === undefined) {
    const file = path.join(REPO, "analyzer/index-file/types.ts");
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    typesModule = { checker, exports: checker.getExportsOfModule(module) };
  }
  const { checker, exports } = typesModule;
  const symbol = exports.find((candidate) => candidate.name === name);
  if (!symbol) throw new Error(`types.ts exports no ${name}`);
  return typeShape(checker.getDeclaredTypeOfSymbol(symbol), checker, name);
}

const schema = JSON.parse(
  readFileSync(path.join(REPO, "schema/index.v2.schema.json"), "utf8"),
) as JsonSchema;

describe("the index shape", () => {
  it("is the same in schema/index.v2.schema.json and analyzer/index-file/types.ts, field by field", () => {
    const declared = declaredShape("AgentixIndex");
    expect(differences(declared, schemaShape(schema, schema, "index"), "index")).toEqual([]);
    // Not vacuous: the shapes reach the leaves of nested collections.
    const operation = (declared as { object: Record<string, { shape: { array: Shape } }> }).object
      .operations!.shape.array;
    expect(operation).toMatchObject({
      object: {
        effects: { required: true, shape: { array: { object: { kind: { required: true } } } } },
      },
    });
  });

  it("names each field the two sides disagree on", () => {
    const changed = structuredClone(schema) as JsonSchema & {
      $defs: Record<string, { properties: Record<string, unknown>; required: string[] }>;
    };
    const event = changed.$defs["event"]!;
    event.properties["version"] = { type: "integer" };
    event.properties["channel"] = { type: "string" };
    event.required = event.required.filter((key) => key !== "payload");
    const location = changed.$defs["location"]!;
    location.properties["column"] = { enum: ["start", "end"] };
    expect(
      differences(declaredShape("EventEntry"), schemaShape(event, changed, "event"), "event"),
    ).toEqual([
      "event.version: the schema says number, types.ts says null | number",
      'event.location.column: the schema says "end" | "start", types.ts says number',
      "event.payload: optional in the schema, not in types.ts",
      "event.channel: only in the schema",
    ]);
  });
});
