import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/typescript-estree";
import type { ModuleResolver } from "./module-resolver.js";
import { derivedFromFile } from "./source-cache.js";

/** The names a module exports (`"default"` included), or undefined when they cannot be known. */
export type ModuleExportsLookup = (file: string) => ReadonlySet<string> | undefined;

interface ExportSummary {
  readonly names: readonly string[];
  /** Specifiers of `export * from "..."`, whose names must be followed. */
  readonly stars: readonly string[];
}

function nameOf(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === AST_NODE_TYPES.Identifier ? node.name : node.value;
}

function declaredNames(declaration: TSESTree.Node): string[] {
  switch (declaration.type) {
    case AST_NODE_TYPES.VariableDeclaration:
      return declaration.declarations.flatMap((d) => patternNames(d.id));
    case AST_NODE_TYPES.FunctionDeclaration:
    case AST_NODE_TYPES.TSDeclareFunction:
    case AST_NODE_TYPES.ClassDeclaration:
    case AST_NODE_TYPES.TSInterfaceDeclaration:
    case AST_NODE_TYPES.TSTypeAliasDeclaration:
    case AST_NODE_TYPES.TSEnumDeclaration:
      return declaration.id ? [declaration.id.name] : [];
    case AST_NODE_TYPES.TSModuleDeclaration:
      return declaration.id.type === AST_NODE_TYPES.Identifier ? [declaration.id.name] : [];
    case AST_NODE_TYPES.TSImportEqualsDeclaration:
      return [declaration.id.name];
    default:
      return [];
  }
}

function patternNames(pattern: TSESTree.Node): string[] {
  switch (pattern.type) {
    case AST_NODE_TYPES.Identifier:
      return [pattern.name];
    case AST_NODE_TYPES.ObjectPattern:
      return pattern.properties.flatMap((p) => patternNames(p.type === AST_NODE_TYPES.Property ? p.value : p.argument));
    case AST_NODE_TYPES.ArrayPattern:
      return pattern.elements.flatMap((e) => (e ? patternNames(e) : []));
    case AST_NODE_TYPES.AssignmentPattern:
      return patternNames(pattern.left);
    case AST_NODE_TYPES.RestElement:
      return patternNames(pattern.argument);
    default:
      return [];
  }
}

/** The export names a module declares itself, and the modules it re-exports wholesale. */
export function summarizeExports(program: TSESTree.Program): ExportSummary {
  const names: string[] = [];
  const stars: string[] = [];
  for (const statement of program.body) {
    switch (statement.type) {
      case AST_NODE_TYPES.ExportNamedDeclaration:
        if (statement.declaration) names.push(...declaredNames(statement.declaration));
        for (const specifier of statement.specifiers) names.push(nameOf(specifier.exported));
        break;
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        names.push("default");
        break;
      case AST_NODE_TYPES.ExportAllDeclaration:
        if (statement.exported) names.push(nameOf(statement.exported));
        else stars.push(statement.source.value);
        break;
      case AST_NODE_TYPES.TSExportAssignment:
        names.push("default");
        break;
      default:
        break;
    }
  }
  return { names, stars };
}

/**
 * Exported names of a module file, following `export * from` through the resolver. Each file is
 * parsed once per mtime; an unparseable file or an unresolvable `export *` makes the answer
 * unknown (undefined), because a name might come from it.
 */
export function createModuleExportsLookup(resolve: ModuleResolver): ModuleExportsLookup {
  const collect = (file: string, seen: Set<string>, into: Set<string>, viaStar: boolean): boolean => {
    if (seen.has(file)) return true;
    seen.add(file);
    const summary = derivedFromFile(file, "exports", summarizeExports);
    if (!summary) return false;
    // `export *` re-exports every name but the default one.
    for (const name of summary.names) if (!viaStar || name !== "default") into.add(name);
    for (const specifier of summary.stars) {
      const target = resolve(specifier, file, "import");
      if (target === undefined || !collect(target, seen, into, true)) return false;
    }
    return true;
  };
  return (file) => {
    const names = new Set<string>();
    return collect(file, new Set(), names, false) ? names : undefined;
  };
}
