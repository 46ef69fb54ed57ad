import { AST_NODE_TYPES, simpleTraverse, type TSESTree } from "@typescript-eslint/typescript-estree";
import type { ModuleResolver } from "./module-resolver.js";
import { derivedFromFile } from "./source-cache.js";

/** What a feature descriptor declares in `defineFeature({ dependencies: [...] })`. */
export interface DeclaredDependencies {
  readonly descriptorFile: string;
  /** Absolute paths of the modules the listed dependencies were imported from. */
  readonly files: readonly string[];
  /**
   * False when an entry could not be traced to an import (a local value, a spread, a call, a
   * non-array `dependencies`): then an undeclared dependency cannot be proven.
   */
  readonly complete: boolean;
}

/**
 * The dependencies declared by a descriptor file; undefined when the file does not exist or
 * holds no `defineFeature` call. `program` is the live tree when the descriptor is the file
 * being linted (its editor buffer may differ from the disk).
 */
export type FeatureDependencyLookup = (descriptorFile: string, program?: TSESTree.Program) => DeclaredDependencies | undefined;

interface DependencyEntry {
  readonly specifier: string;
  readonly kind: "import" | "require";
}

interface DescriptorSummary {
  /** One entry per listed dependency; null where it is not an imported binding. */
  readonly entries: readonly (DependencyEntry | null)[];
}

function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === AST_NODE_TYPES.TSAsExpression ||
    current.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    current.type === AST_NODE_TYPES.TSNonNullExpression ||
    current.type === AST_NODE_TYPES.TSTypeAssertion
  ) {
    current = current.expression;
  }
  return current;
}

function propertyKey(property: TSESTree.Property): string | undefined {
  if (!property.computed && property.key.type === AST_NODE_TYPES.Identifier) return property.key.name;
  if (property.key.type === AST_NODE_TYPES.Literal && typeof property.key.value === "string") return property.key.value;
  return undefined;
}

/** Reads the `defineFeature` call of a descriptor, syntactically. */
export function summarizeDescriptor(program: TSESTree.Program): DescriptorSummary | undefined {
  // Local name -> where it was imported from ("*" marks a namespace import).
  const imports = new Map<string, { specifier: string; namespace: boolean; kind: "import" | "require" }>();
  const defineFeatureNames = new Set(["defineFeature"]);
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      for (const specifier of statement.specifiers) {
        const namespace = specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier;
        imports.set(specifier.local.name, { specifier: statement.source.value, namespace, kind: "import" });
        if (
          specifier.type === AST_NODE_TYPES.ImportSpecifier &&
          specifier.imported.type === AST_NODE_TYPES.Identifier &&
          specifier.imported.name === "defineFeature"
        ) {
          defineFeatureNames.add(specifier.local.name);
        }
      }
    } else if (
      statement.type === AST_NODE_TYPES.TSImportEqualsDeclaration &&
      statement.moduleReference.type === AST_NODE_TYPES.TSExternalModuleReference
    ) {
      imports.set(statement.id.name, { specifier: statement.moduleReference.expression.value, namespace: true, kind: "require" });
    }
  }
  let call: TSESTree.CallExpression | undefined;
  simpleTraverse(program, {
    enter(node) {
      if (call || node.type !== AST_NODE_TYPES.CallExpression) return;
      const callee = node.callee;
      const named =
        (callee.type === AST_NODE_TYPES.Identifier && defineFeatureNames.has(callee.name)) ||
        (callee.type === AST_NODE_TYPES.MemberExpression &&
          !callee.computed &&
          callee.property.type === AST_NODE_TYPES.Identifier &&
          callee.property.name === "defineFeature");
      if (named) call = node;
    },
  });
  if (!call) return undefined;
  const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (options?.type !== AST_NODE_TYPES.ObjectExpression) return { entries: [null] };
  let dependencies: TSESTree.Node | undefined;
  for (const property of options.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement) return { entries: [null] };
    if (propertyKey(property) === "dependencies") dependencies = property.value;
  }
  if (!dependencies) return { entries: [] };
  const list = unwrap(dependencies);
  if (list.type !== AST_NODE_TYPES.ArrayExpression) return { entries: [null] };
  const entries = list.elements.map((element): DependencyEntry | null => {
    if (!element || element.type === AST_NODE_TYPES.SpreadElement) return null;
    const value = unwrap(element);
    if (value.type === AST_NODE_TYPES.Identifier) {
      const binding = imports.get(value.name);
      return binding && !binding.namespace ? { specifier: binding.specifier, kind: binding.kind } : null;
    }
    if (value.type === AST_NODE_TYPES.MemberExpression && value.object.type === AST_NODE_TYPES.Identifier) {
      const binding = imports.get(value.object.name);
      return binding?.namespace ? { specifier: binding.specifier, kind: binding.kind } : null;
    }
    return null;
  });
  return { entries };
}

/** Declared dependencies of descriptors, parsed once per file mtime, resolved through `resolve`. */
export function createFeatureDependencyLookup(resolve: ModuleResolver): FeatureDependencyLookup {
  return (descriptorFile, program) => {
    const summary = program ? summarizeDescriptor(program) : derivedFromFile(descriptorFile, "descriptor", summarizeDescriptor);
    if (!summary) return undefined;
    const files: string[] = [];
    let complete = true;
    for (const entry of summary.entries) {
      if (!entry) {
        complete = false;
        continue;
      }
      // A package import resolves to nothing: it is no feature of this project.
      const file = resolve(entry.specifier, descriptorFile, entry.kind);
      if (file !== undefined) files.push(file);
    }
    return { descriptorFile, files, complete };
  };
}
