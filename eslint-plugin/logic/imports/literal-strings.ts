import type { TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import type { EsTreeToTsNodeMap } from "../query-types.js";

/**
 * The strings an expression can only be, by its type: a string literal type or a union of them
 * (`"./a.js" | "./b.js"`), sorted, each once; undefined for any other type (`string`, a template
 * literal type, `any`, `never`, a union with a non-string member). The analyzer's scan and the
 * rules (with type information) both judge an `import(x)` / `require(x)` target by it, so a
 * literal-union target is one import site per value for both.
 */
export function literalStrings(checker: ts.TypeChecker, node: ts.Node): string[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (!member.isStringLiteral()) return undefined;
    values.push(member.value);
  }
  return values.length > 0 ? [...new Set(values)].sort() : undefined;
}

/**
 * `LogicInput.literalStrings` for a file converted with type information: ESLint's parser
 * services or the analyzer's program, through the ESTree-to-TypeScript node map. The checker is
 * asked for only when a target needs it.
 */
export function literalStringsOf(
  checker: () => ts.TypeChecker,
  nodeMap: EsTreeToTsNodeMap,
): (node: TSESTree.Node) => string[] | undefined {
  return (node) => literalStrings(checker(), nodeMap.get(node));
}
