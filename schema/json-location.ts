import { createRequire } from "node:module";
import type * as ts from "typescript";

// TypeScript (a dependency of every part that reads a config) parses JSON with positions; it is
// loaded only when a problem is to be located, never on a valid file's path. (Not named
// `require`: bundled in one chunk with ajv.ts's, the two would be renamed apart.)
const load = createRequire(import.meta.url);

/** A 1-based line and column (UTF-16 code units) in a text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Where the value a JSON pointer (RFC 6901) names starts in a JSON text, or with `key: true`
 * the key of the property it names; undefined when the text holds no such value. The text is
 * expected to be valid JSON (a duplicate key is found at its last occurrence, as JSON.parse
 * keeps the last).
 */
export type JsonLocator = (
  pointer: string,
  options?: { readonly key?: boolean },
) => TextPosition | undefined;

/** A JsonLocator of one text, parsed once for every pointer asked. */
export function jsonLocator(text: string): JsonLocator {
  const typescript = load("typescript") as typeof ts;
  const source = typescript.parseJsonText("config.json", text);
  return (pointer, { key = false } = {}) => {
    let node: ts.Node | undefined = source.statements[0]?.expression;
    let property: ts.PropertyAssignment | undefined;
    const segments = pointer === "/" || pointer === "" ? [] : pointer.split("/").slice(1);
    for (const raw of segments) {
      const segment = raw.replace(/~1/gu, "/").replace(/~0/gu, "~");
      property = undefined;
      if (node !== undefined && typescript.isObjectLiteralExpression(node)) {
        property = node.properties.findLast(
          (candidate): candidate is ts.PropertyAssignment =>
            typescript.isPropertyAssignment(candidate) &&
            typescript.isStringLiteral(candidate.name) &&
            candidate.name.text === segment,
        );
        node = property?.initializer;
      } else if (
        node !== undefined &&
        typescript.isArrayLiteralExpression(node) &&
        /^(?:0|[1-9]\d*)$/u.test(segment)
      ) {
        node = node.elements[Number(segment)];
      } else node = undefined;
      if (node === undefined) return undefined;
    }
    const at = key && property !== undefined ? property.name : node;
    if (at === undefined) return undefined;
    const { line, character } = source.getLineAndCharacterOfPosition(at.getStart(source));
    return { line: line + 1, column: character + 1 };
  };
}
