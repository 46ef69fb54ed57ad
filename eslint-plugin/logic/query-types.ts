import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { staticString } from "./imports/constant-string.js";

/** A port operation as its type describes it (`portOperation({ id, kind, ... })`). */
export interface PortOperationInfo {
  /** The literal values of its `kind` property (one, unless the type is a union). */
  readonly kinds: readonly string[];
  /** Its `id`, when the type carries it as a string literal. */
  readonly id: string | undefined;
}

/** The type look-ups no-query-writes needs; createQueryTypeServices builds them from a checker. */
export interface QueryTypeServices {
  /** The port operation an expression evaluates to, or undefined when its type has no literal `kind`. */
  portOperation(node: TSESTree.Node): PortOperationInfo | undefined;
  /** The port operations among the properties of an object-typed expression. */
  portOperationsOf(
    node: TSESTree.Node,
  ): ReadonlyArray<{ readonly key: string; readonly operation: PortOperationInfo }>;
  /** The property names of an object-typed expression. */
  propertyNames(node: TSESTree.Node): readonly string[];
}

/** ESTree to TypeScript nodes: typescript-eslint's `parserServices.esTreeNodeToTSNodeMap`. */
export interface EsTreeToTsNodeMap {
  get(node: TSESTree.Node): ts.Node;
}

const PORT_OPERATION_KINDS: ReadonlySet<string> = new Set([
  "read",
  "write",
  "time",
  "random",
  "external",
]);

function stringLiterals(type: ts.Type): string[] {
  const parts = type.isUnion() ? type.types : [type];
  return parts
    .filter((part): part is ts.StringLiteralType => part.isStringLiteral())
    .map((part) => part.value);
}

/** The expression under `as`, `satisfies`, `<T>` and `!`: casts change no value at run time. */
export function withoutCasts(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === AST_NODE_TYPES.TSAsExpression ||
    current.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    current.type === AST_NODE_TYPES.TSTypeAssertion ||
    current.type === AST_NODE_TYPES.TSNonNullExpression
  ) {
    current = current.expression;
  }
  return current;
}

/**
 * Type services over a TypeScript checker and the ESTree-to-TypeScript node map of the file
 * (from ESLint's parserServices, or from typescript-estree's `parseAndGenerateServices`).
 */
export function createQueryTypeServices(
  checker: ts.TypeChecker,
  nodeMap: EsTreeToTsNodeMap,
): QueryTypeServices {
  /**
   * The type of the value an expression evaluates to, seen through casts as the analyzer's static
   * model sees it: `X.save as any` is `X.save`, `(X as any).save` is the `save` member of `X`.
   */
  const typeOf = (node: TSESTree.Node): ts.Type => {
    const inner = withoutCasts(node);
    if (
      inner.type === AST_NODE_TYPES.MemberExpression &&
      withoutCasts(inner.object) !== inner.object
    ) {
      const name = inner.computed
        ? staticString(inner.property)
        : inner.property.type === AST_NODE_TYPES.Identifier
          ? inner.property.name
          : undefined;
      const member =
        name === undefined ? undefined : checker.getPropertyOfType(typeOf(inner.object), name);
      if (member) return checker.getTypeOfSymbolAtLocation(member, nodeMap.get(inner));
    }
    return checker.getTypeAtLocation(nodeMap.get(inner));
  };
  const describe = (type: ts.Type, location: ts.Node): PortOperationInfo | undefined => {
    const kind = checker.getPropertyOfType(type, "kind");
    if (!kind) return undefined;
    const kinds = stringLiterals(checker.getTypeOfSymbolAtLocation(kind, location)).filter((k) =>
      PORT_OPERATION_KINDS.has(k),
    );
    if (kinds.length === 0) return undefined;
    const idSymbol = checker.getPropertyOfType(type, "id");
    const ids = idSymbol
      ? stringLiterals(checker.getTypeOfSymbolAtLocation(idSymbol, location))
      : [];
    return { kinds, id: ids.length === 1 ? ids[0] : undefined };
  };
  return {
    portOperation(node) {
      return describe(typeOf(node), nodeMap.get(node));
    },
    portOperationsOf(node) {
      const tsNode = nodeMap.get(node);
      const found: { key: string; operation: PortOperationInfo }[] = [];
      for (const property of checker.getPropertiesOfType(typeOf(node))) {
        const operation = describe(checker.getTypeOfSymbolAtLocation(property, tsNode), tsNode);
        if (operation) found.push({ key: property.getName(), operation });
      }
      return found;
    },
    propertyNames(node) {
      return checker.getPropertiesOfType(typeOf(node)).map((property) => property.getName());
    },
  };
}
