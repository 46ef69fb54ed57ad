// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";
import { tsSyntax } from "../ts-syntax.js";
import type { ModuleResolver } from "./module-resolver.js";
import type { ExportOriginLookup } from "./export-origins.js";
import { derivedFromProvided, parseSourceText, type SourceProvider } from "./source-cache.js";

const { unwrap } = tsSyntax(ts);

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
 * holds no `defineFeature` call. `text` is the live source when the descriptor is the file
 * being linted (its editor buffer may differ from the disk).
 */
export type FeatureDependencyLookup = (
  descriptorFile: string,
  text?: string,
) => DeclaredDependencies | undefined;

interface DependencyEntry {
  readonly specifier: string;
  readonly kind: "import" | "require";
  /** The name the module exports it by (a named or default import); none for a namespace member. */
  readonly name?: string;
}

interface DescriptorSummary {
  /** One entry per listed dependency; null where it is not an imported binding. */
  readonly entries: readonly (DependencyEntry | null)[];
}

function propertyKey(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** Reads the `defineFeature` call of a descriptor, syntactically. */
export function summarizeDescriptor(source: ts.SourceFile): DescriptorSummary | undefined {
  // Local name -> where it was imported from (namespace: a namespace or import-equals binding).
  const imports = new Map<
    string,
    { specifier: string; namespace: boolean; kind: "import" | "require"; name?: string }
  >();
  const defineFeatureNames = new Set(["defineFeature"]);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name)
        imports.set(clause.name.text, {
          specifier,
          namespace: false,
          kind: "import",
          name: "default",
        });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        imports.set(bindings.name.text, { specifier, namespace: true, kind: "import" });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          imports.set(element.name.text, {
            specifier,
            namespace: false,
            kind: "import",
            name: (element.propertyName ?? element.name).text,
          });
          if ((element.propertyName ?? element.name).text === "defineFeature")
            defineFeatureNames.add(element.name.text);
        }
      }
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      imports.set(statement.name.text, {
        specifier: statement.moduleReference.expression.text,
        namespace: true,
        kind: "require",
      });
    }
  }
  const find = (node: ts.Node): ts.CallExpression | undefined => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        (ts.isIdentifier(callee) && defineFeatureNames.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === "defineFeature")
      ) {
        return node;
      }
    }
    return ts.forEachChild(node, find);
  };
  const call = find(source);
  if (!call) return undefined;
  const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return { entries: [null] };
  let dependencies: ts.Expression | undefined;
  for (const property of options.properties) {
    if (ts.isSpreadAssignment(property)) return { entries: [null] };
    if (property.name && propertyKey(property.name) === "dependencies") {
      if (!ts.isPropertyAssignment(property)) return { entries: [null] };
      dependencies = property.initializer;
    }
  }
  if (!dependencies) return { entries: [] };
  const list = unwrap(dependencies);
  if (!ts.isArrayLiteralExpression(list)) return { entries: [null] };
  const entries = list.elements.map((element): DependencyEntry | null => {
    if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) return null;
    const value = unwrap(element);
    if (ts.isIdentifier(value)) {
      const binding = imports.get(value.text);
      return binding && !binding.namespace
        ? {
            specifier: binding.specifier,
            kind: binding.kind,
            ...(binding.name !== undefined ? { name: binding.name } : {}),
          }
        : null;
    }
    if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression)) {
      const binding = imports.get(value.expression.text);
      return binding?.namespace ? { specifier: binding.specifier, kind: binding.kind } : null;
    }
    return null;
  });
  return { entries };
}

/**
 * Declared dependencies of descriptors, parsed once per file mtime (or taken from `sources`, the
 * trees a caller already has), resolved through `resolve`.
 */
export function createFeatureDependencyLookup(
  resolve: ModuleResolver,
  sources?: SourceProvider,
  /** Where an imported name is declared, through re-exports (a shared barrel of contracts). */
  exportOrigin?: ExportOriginLookup,
): FeatureDependencyLookup {
  // Answers from the disk, reused for the disk round: every file of a feature asks for the same one.
  const answers = new Map<string, { round: number; declared: DeclaredDependencies | undefined }>();
  const lookup = (
    descriptorFile: string,
    text: string | undefined,
  ): DeclaredDependencies | undefined => {
    const summary =
      text !== undefined
        ? summarizeDescriptor(parseSourceText(descriptorFile, text))
        : derivedFromProvided(sources, descriptorFile, "descriptor", summarizeDescriptor);
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
      if (file === undefined) continue;
      files.push(file);
      // `import { bContract } from "../../shared/contracts.js"`, which re-exports b's contract:
      // the dependency is the module that declares it.
      const origin = entry.name === undefined ? undefined : exportOrigin?.(file, entry.name);
      if (origin !== undefined && origin.file !== file) files.push(origin.file);
    }
    return { descriptorFile, files, complete };
  };
  return (descriptorFile, text) => {
    if (text !== undefined) return lookup(descriptorFile, text);
    const round = diskRound();
    const known = answers.get(descriptorFile);
    if (known?.round === round) return known.declared;
    const declared = lookup(descriptorFile, undefined);
    answers.set(descriptorFile, { round, declared });
    return declared;
  };
}
