import type { TSESTree } from "@typescript-eslint/typescript-estree";
import type ts from "typescript";

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

/**
 * Type services over a TypeScript checker and the ESTree-to-TypeScript node map of the file
 * (from ESLint's parserServices, or from typescript-estree's `parseAndGenerateServices`).
 */
export function createQueryTypeServices(
  checker: ts.TypeChecker,
  nodeMap: EsTreeToTsNodeMap,
): QueryTypeServices {
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
      const tsNode = nodeMap.get(node);
      return describe(checker.getTypeAtLocation(tsNode), tsNode);
    },
    portOperationsOf(node) {
      const tsNode = nodeMap.get(node);
      const found: { key: string; operation: PortOperationInfo }[] = [];
      for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(tsNode))) {
        const operation = describe(checker.getTypeOfSymbolAtLocation(property, tsNode), tsNode);
        if (operation) found.push({ key: property.getName(), operation });
      }
      return found;
    },
    propertyNames(node) {
      const tsNode = nodeMap.get(node);
      return checker
        .getPropertiesOfType(checker.getTypeAtLocation(tsNode))
        .map((property) => property.getName());
    },
  };
}
