import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";

/** `import.meta` (not `new.target`, the other meta property). */
export function isImportMeta(node: TSESTree.Node | undefined): node is TSESTree.MetaProperty {
  return (
    node?.type === AST_NODE_TYPES.MetaProperty &&
    node.meta.name === "import" &&
    node.property.name === "meta"
  );
}
