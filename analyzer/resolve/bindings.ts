import { ts } from "../project/ts-morph.js";
import { bindingIdentifiers, declarationName, hasModifier } from "../project/ts-syntax.js";

/** What a name declared at the top of a module (or in a block) stands for. */
export type Binding =
  | {
      readonly kind: "const";
      readonly declaration: ts.VariableDeclaration;
      readonly initializer: ts.Expression | undefined;
    }
  | { readonly kind: "mutable"; readonly declaration: ts.VariableDeclaration }
  | {
      readonly kind: "import";
      readonly specifier: string;
      readonly literal: ts.StringLiteral;
      readonly imported: string;
      readonly node: ts.Node;
    }
  | {
      readonly kind: "namespace-import";
      readonly specifier: string;
      readonly literal: ts.StringLiteral;
      readonly node: ts.Node;
    }
  | { readonly kind: "other"; readonly what: string; readonly node: ts.Node };

/** What a module exports under one name. */
export type ExportEntry =
  | { readonly kind: "local"; readonly local: string; readonly node: ts.Node }
  | { readonly kind: "expression"; readonly expression: ts.Expression }
  | {
      readonly kind: "reexport";
      readonly specifier: string;
      readonly literal: ts.StringLiteral;
      readonly imported: string;
    }
  | {
      readonly kind: "reexport-namespace";
      readonly specifier: string;
      readonly literal: ts.StringLiteral;
    };

export interface ModuleTables {
  /** Top-level declarations and imports (values and types alike). */
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly exports: ReadonlyMap<string, ExportEntry>;
  /** `export * from "..."` targets, in source order. */
  readonly stars: readonly { readonly specifier: string; readonly literal: ts.StringLiteral }[];
  /** Names of top-level interfaces and type aliases (a separate namespace from values). */
  readonly types: ReadonlySet<string>;
}

export function moduleNameText(name: ts.ModuleExportName): string {
  return ts.isIdentifier(name) ? name.text : name.text;
}

/**
 * Whether a binding is only declared (`declare const require: ...`, `declare function fetch`, a
 * member of a `declare namespace`): it binds nothing at run time, so its name still reads the
 * global, as the rules' eslint-plugin/logic/scope/global-references.ts finds it.
 */
export function bindsNothingAtRunTime(binding: Binding): boolean {
  if (binding.kind === "import" || binding.kind === "namespace-import") return false;
  for (
    let current: ts.Node | undefined =
      binding.kind === "other" ? binding.node : binding.declaration;
    current;
    current = current.parent
  ) {
    if (ts.isSourceFile(current)) return current.isDeclarationFile;
    if (
      (ts.isVariableStatement(current) ||
        ts.isFunctionDeclaration(current) ||
        ts.isClassDeclaration(current) ||
        ts.isModuleDeclaration(current) ||
        ts.isEnumDeclaration(current)) &&
      hasModifier(current, ts.SyntaxKind.DeclareKeyword)
    )
      return true;
  }
  return false;
}

/** Adds the names a binding pattern declares as "other" (destructuring is not followed). */
function addPatternNames(pattern: ts.BindingName, into: Map<string, Binding>, node: ts.Node): void {
  for (const identifier of bindingIdentifiers(pattern)) {
    into.set(identifier.text, { kind: "other", what: "a destructured binding", node });
  }
}

/** Adds the declarations of one statement to a binding table. */
export function addStatementBindings(statement: ts.Statement, into: Map<string, Binding>): void {
  if (ts.isVariableStatement(statement)) {
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name)) {
        into.set(
          declaration.name.text,
          isConst
            ? { kind: "const", declaration, initializer: declaration.initializer }
            : { kind: "mutable", declaration },
        );
      } else {
        addPatternNames(declaration.name, into, declaration);
      }
    }
  } else if (ts.isFunctionDeclaration(statement) && statement.name) {
    into.set(statement.name.text, { kind: "other", what: "a function", node: statement });
  } else if (ts.isClassDeclaration(statement) && statement.name) {
    into.set(statement.name.text, { kind: "other", what: "a class", node: statement });
  } else if (ts.isEnumDeclaration(statement)) {
    into.set(statement.name.text, { kind: "other", what: "an enum", node: statement });
  } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
    into.set(statement.name.text, { kind: "other", what: "a namespace", node: statement });
  } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
    const clause = statement.importClause;
    const literal = statement.moduleSpecifier;
    const specifier = literal.text;
    if (!clause) return;
    if (clause.name)
      into.set(clause.name.text, {
        kind: "import",
        specifier,
        literal,
        imported: "default",
        node: clause,
      });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      into.set(bindings.name.text, {
        kind: "namespace-import",
        specifier,
        literal,
        node: bindings,
      });
    } else if (bindings) {
      for (const element of bindings.elements) {
        const imported = element.propertyName
          ? moduleNameText(element.propertyName)
          : element.name.text;
        into.set(element.name.text, {
          kind: "import",
          specifier,
          literal,
          imported,
          node: element,
        });
      }
    }
  } else if (
    ts.isImportEqualsDeclaration(statement) &&
    ts.isExternalModuleReference(statement.moduleReference) &&
    ts.isStringLiteral(statement.moduleReference.expression)
  ) {
    const literal = statement.moduleReference.expression;
    into.set(statement.name.text, {
      kind: "namespace-import",
      specifier: literal.text,
      literal,
      node: statement,
    });
  }
}

/** Builds the binding and export tables of a module, syntactically. */
export function buildModuleTables(sourceFile: ts.SourceFile): ModuleTables {
  const bindings = new Map<string, Binding>();
  const exports = new Map<string, ExportEntry>();
  const stars: { specifier: string; literal: ts.StringLiteral }[] = [];
  const types = new Set<string>();
  for (const statement of sourceFile.statements) {
    addStatementBindings(statement, bindings);
    if (ts.isExportDeclaration(statement)) {
      addExportDeclaration(statement, exports, stars);
    } else if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) {
        const expression = statement.expression;
        exports.set(
          "default",
          ts.isIdentifier(expression)
            ? { kind: "local", local: expression.text, node: statement }
            : { kind: "expression", expression },
        );
      }
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      addExportedDeclaration(statement, exports, types);
    } else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      types.add(statement.name.text);
    }
  }
  return { bindings, exports, stars, types };
}

/** `export { a, b as c }`, `export { a } from "x"`, `export * from "x"`, `export * as ns from "x"`. */
function addExportDeclaration(
  statement: ts.ExportDeclaration,
  exports: Map<string, ExportEntry>,
  stars: { specifier: string; literal: ts.StringLiteral }[],
): void {
  const literal =
    statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? statement.moduleSpecifier
      : undefined;
  const clause = statement.exportClause;
  if (!clause) {
    if (literal) stars.push({ specifier: literal.text, literal });
  } else if (ts.isNamespaceExport(clause)) {
    if (literal)
      exports.set(moduleNameText(clause.name), {
        kind: "reexport-namespace",
        specifier: literal.text,
        literal,
      });
  } else {
    for (const element of clause.elements) {
      const exported = moduleNameText(element.name);
      const local = element.propertyName ? moduleNameText(element.propertyName) : exported;
      exports.set(
        exported,
        literal
          ? { kind: "reexport", specifier: literal.text, literal, imported: local }
          : { kind: "local", local, node: element },
      );
    }
  }
}

/** `export const a = ...`, `export function f()`, `export default class {}`, ... */
function addExportedDeclaration(
  statement: ts.Statement,
  exports: Map<string, ExportEntry>,
  types: Set<string>,
): void {
  const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
  if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) {
      for (const { text: name } of bindingIdentifiers(declaration.name))
        exports.set(name, { kind: "local", local: name, node: declaration });
    }
    return;
  }
  const name = declarationName(statement);
  if (name !== undefined) {
    exports.set(isDefault ? "default" : name, { kind: "local", local: name, node: statement });
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
      types.add(name);
  } else if (
    isDefault &&
    (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement))
  ) {
    exports.set("default", { kind: "local", local: "", node: statement });
  }
}
