// Reads the object and array literals descriptor calls are given: fields, strings, arrays and
// entry maps, spreads and constants followed across files. What cannot be read statically is
// reported (through ExtractionSites) and read as absent.
import type { UnresolvedKind } from "../../index-file/types.js";
import { ts } from "../../project/ts-morph.js";
import { propertyNameText, type ValueResolver } from "../../resolve/values.js";
import { evaluateJson } from "../../schema-projection/evaluate.js";
import { snippet } from "../../resolve/origin.js";
import type { ExtractionSites } from "./sites.js";

/** A key of an object literal and the expression it holds. */
export interface Entry {
  readonly key: string;
  readonly value: ts.Expression;
}

export class LiteralReader {
  constructor(
    private readonly resolver: ValueResolver,
    private readonly sites: ExtractionSites,
  ) {}

  /** The object literal a descriptor call was given, or undefined (reported). */
  definition(call: ts.CallExpression, index = 0): ts.ObjectLiteralExpression | undefined {
    const argument = call.arguments[index];
    if (!argument) {
      this.sites.report(
        "reference",
        call,
        `${snippet(call.expression)}(...) has no definition object`,
      );
      return undefined;
    }
    const origin = this.resolver.resolve(argument);
    if (origin.kind === "node" && ts.isObjectLiteralExpression(origin.node)) return origin.node;
    this.sites.report(
      "reference",
      argument,
      `the definition ${snippet(argument)} is not an object literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      call,
    );
    return undefined;
  }

  /** The definition of a call whose descriptor has a required `id`, or undefined (reported). */
  identified(
    call: ts.CallExpression,
    callText: string,
  ): { readonly definition: ts.ObjectLiteralExpression; readonly id: string } | undefined {
    const definition = this.definition(call);
    if (!definition) return undefined;
    const id = this.stringField(definition, "id", "id", callText);
    return id === null ? undefined : { definition, id };
  }

  /**
   * The expression of property `name` (the last one wins); null when absent, undefined when a
   * spread may define it (reported).
   */
  field(object: ts.ObjectLiteralExpression, name: string): ts.Expression | null | undefined {
    for (let index = object.properties.length - 1; index >= 0; index -= 1) {
      const property = object.properties[index]!;
      if (ts.isSpreadAssignment(property)) {
        const spread = this.spreadField(property, name);
        if (spread === null) continue;
        return spread;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key !== name) continue;
      if (ts.isPropertyAssignment(property)) return property.initializer;
      if (ts.isShorthandPropertyAssignment(property)) return property.name;
      if (ts.isMethodDeclaration(property)) return null;
    }
    return null;
  }

  /** Property `name` as a spread defines it: null when it surely does not. */
  private spreadField(
    property: ts.SpreadAssignment,
    name: string,
  ): ts.Expression | null | undefined {
    const origin = this.resolver.resolve(property.expression);
    if (origin.kind === "node" && ts.isObjectLiteralExpression(origin.node)) {
      return this.field(origin.node, name);
    }
    // `...(flag ? {} : { onDefect })`: either branch may define it.
    if (origin.kind === "node" && ts.isConditionalExpression(origin.node)) {
      const objects = [origin.node.whenTrue, origin.node.whenFalse]
        .map((branch) => this.resolver.resolve(branch))
        .flatMap((branch) =>
          branch.kind === "node" && ts.isObjectLiteralExpression(branch.node) ? [branch.node] : [],
        );
      if (objects.length === 2 && objects.every((object) => this.field(object, name) === null))
        return null;
    }
    this.sites.report(
      "reference",
      property,
      `the spread ${snippet(property)} may define "${name}"; it cannot be read statically`,
    );
    return undefined;
  }

  /** A required non-empty literal string field (`id`), or null (reported). */
  stringField(
    object: ts.ObjectLiteralExpression,
    name: string,
    kind: UnresolvedKind,
    what: string,
  ): string | null {
    const expression = this.field(object, name);
    if (expression === null || expression === undefined) {
      if (expression === null) this.sites.report(kind, object, `${what} has no "${name}"`);
      return null;
    }
    const value = evaluateJson(expression, this.resolver);
    if (!value.ok) {
      this.sites.report(
        kind,
        expression,
        `the ${name} of ${what} is not a literal string: ${value.reason}`,
      );
      return null;
    }
    if (typeof value.value !== "string" || value.value === "") {
      this.sites.report(kind, expression, `the ${name} of ${what} must be a non-empty string`);
      return null;
    }
    return value.value;
  }

  /** An optional literal string field (`description`), or null. */
  optionalString(object: ts.ObjectLiteralExpression, name: string): string | null {
    const expression = this.field(object, name);
    if (!expression) return null;
    const value = evaluateJson(expression, this.resolver);
    return value.ok && typeof value.value === "string" ? value.value : null;
  }

  /** The elements of an array-valued field, spreads of constant arrays included. */
  arrayElements(expression: ts.Expression, what: string): ts.Expression[] {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isArrayLiteralExpression(origin.node)) {
      this.sites.report(
        "reference",
        expression,
        `${what} (${snippet(expression)}) are not an array literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      );
      return [];
    }
    const out: ts.Expression[] = [];
    for (const element of origin.node.elements) {
      if (ts.isSpreadElement(element)) out.push(...this.arrayElements(element.expression, what));
      else if (!ts.isOmittedExpression(element)) out.push(element);
    }
    return out;
  }

  /** The entries of an object-valued field (`effects`, `emits`, `errors`, `operations`), in source order. */
  objectEntries(expression: ts.Expression, what: string): Entry[] {
    const entries: Entry[] = [];
    for (const [key, value] of this.members(expression, what, false))
      if (value) entries.push({ key, value });
    return entries;
  }

  /**
   * The keys of an object literal whose members may be methods or accessors (an adapter's
   * handlers: `charge: async () => ...` and `async charge() {}` alike), in source order.
   */
  memberKeys(expression: ts.Expression, what: string): string[] {
    return [...this.members(expression, what, true).keys()];
  }

  /** Key -> value of an object literal (null for a method, when methods are accepted); spreads followed. */
  private members(
    expression: ts.Expression,
    what: string,
    methods: boolean,
  ): Map<string, ts.Expression | null> {
    const origin = this.resolver.resolve(expression);
    const entries = new Map<string, ts.Expression | null>();
    if (origin.kind !== "node" || !ts.isObjectLiteralExpression(origin.node)) {
      this.sites.report(
        "reference",
        expression,
        `${what} ${snippet(expression)} is not an object literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      );
      return entries;
    }
    const put = (key: string, value: ts.Expression | null) => {
      entries.delete(key);
      entries.set(key, value);
    };
    for (const property of origin.node.properties) {
      if (ts.isSpreadAssignment(property)) {
        for (const [key, value] of this.members(property.expression, what, methods))
          put(key, value);
        continue;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key === undefined) {
        this.sites.report(
          "reference",
          property,
          `a computed key in ${what} cannot be read statically`,
        );
        continue;
      }
      let value: ts.Expression | null = null;
      if (ts.isPropertyAssignment(property)) value = property.initializer;
      else if (ts.isShorthandPropertyAssignment(property)) value = property.name;
      else if (!methods) {
        this.sites.report("reference", property, `"${key}" in ${what} is a method, not a value`);
        continue;
      }
      put(key, value);
    }
    return entries;
  }

  /** The entries of an object literal the expression evaluates to, or undefined (not reported). */
  objectEntriesAt(expression: ts.Expression): Entry[] | undefined {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isObjectLiteralExpression(origin.node)) return undefined;
    const entries: Entry[] = [];
    const put = (entry: Entry) => {
      const index = entries.findIndex((candidate) => candidate.key === entry.key);
      if (index >= 0) entries.splice(index, 1);
      entries.push(entry);
    };
    for (const property of origin.node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const inner = this.objectEntriesAt(property.expression);
        if (!inner) return undefined;
        for (const entry of inner) put(entry);
        continue;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      const value = ts.isPropertyAssignment(property)
        ? property.initializer
        : ts.isShorthandPropertyAssignment(property)
          ? property.name
          : undefined;
      if (key === undefined || value === undefined) return undefined;
      put({ key, value });
    }
    return entries;
  }
}
