import { ts } from "../project/ts-morph.js";
import type { LoadedProject, ProjectFile } from "../project/load-project.js";
import {
  addStatementBindings,
  buildModuleTables,
  type Binding,
  type ModuleTables,
} from "./bindings.js";
import { ModuleResolver } from "./module-resolution.js";
import { unwrap } from "../project/ts-syntax.js";

/**
 * Where an expression's value comes from, found statically (no code runs):
 * - `node`: an expression that is not a further reference (a literal, an object or array
 *   literal, a call, a function, ...) in the file that holds it;
 * - `external`: an export of a package (`agentix`, `zod`, ...), with the members read from it;
 * - `namespace`: a whole project module (`import * as contract from "./contract.js"`);
 * - `unknown`: it cannot be known without running code, and why.
 */
export type Origin =
  | { readonly kind: "node"; readonly node: ts.Expression; readonly file: ts.SourceFile }
  | { readonly kind: "external"; readonly module: string; readonly path: readonly string[] }
  | { readonly kind: "namespace"; readonly file: ProjectFile }
  | {
      readonly kind: "unknown";
      readonly reason: string;
      readonly node: ts.Node;
      readonly file: ts.SourceFile;
    };

/** The first named declaration an expression refers to (for "defined at" hints). */
export interface NamedReference {
  readonly name: string;
  readonly file: ts.SourceFile;
  readonly node: ts.Node;
}

/** Decides how a member is read from an expression the resolver cannot see into by itself. */
export type MemberHook = (
  origin: Extract<Origin, { kind: "node" }>,
  name: string,
) => Origin | undefined;

const MAX_DEPTH = 64;

/** The static name of a property: `a`, `"a"`, `1`, `["a"]` (with a literal). */
export function propertyNameText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  if (ts.isComputedPropertyName(name)) {
    const inner = unwrap(name.expression);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (ts.isNumericLiteral(inner)) return String(Number(inner.text));
  }
  return undefined;
}

function describeNode(node: ts.Node): string {
  const text = node.getText();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * A static value resolver over the project's syntax trees: follows `const` declarations,
 * imports, re-exports (`export { a } from`, `export *`), namespace imports and member reads
 * of object literals, across files, without the type checker and without running code.
 */
export class ValueResolver {
  readonly modules: ModuleResolver;
  private readonly tables = new Map<ts.SourceFile, ModuleTables>();
  private readonly blockBindings = new Map<ts.Node, Map<string, Binding>>();
  private readonly exportMemo = new Map<string, Origin>();
  private memberHook: MemberHook | undefined;

  constructor(readonly loaded: LoadedProject) {
    this.modules = new ModuleResolver(loaded);
  }

  /** Installs the descriptor knowledge: how `Port.save` or `contract.schemas` are read. */
  setMemberHook(hook: MemberHook): void {
    this.memberHook = hook;
  }

  tablesOf(sourceFile: ts.SourceFile): ModuleTables {
    let tables = this.tables.get(sourceFile);
    if (!tables) {
      tables = buildModuleTables(sourceFile);
      this.tables.set(sourceFile, tables);
    }
    return tables;
  }

  /** Resolves an expression to its origin. */
  resolve(expression: ts.Expression, depth = 0): Origin {
    const file = expression.getSourceFile();
    if (depth > MAX_DEPTH)
      return {
        kind: "unknown",
        reason: "the reference chain is too long (a cycle?)",
        node: expression,
        file,
      };
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) return this.resolveIdentifier(node, depth + 1);
    if (ts.isPropertyAccessExpression(node)) {
      if (ts.isPrivateIdentifier(node.name))
        return { kind: "unknown", reason: "a private member", node, file };
      return this.member(this.resolve(node.expression, depth + 1), node.name.text, node, depth + 1);
    }
    if (ts.isElementAccessExpression(node)) {
      const argument = unwrap(node.argumentExpression);
      const name =
        ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)
          ? argument.text
          : ts.isNumericLiteral(argument)
            ? String(Number(argument.text))
            : undefined;
      if (name === undefined)
        return {
          kind: "unknown",
          reason: `a computed member access (${describeNode(node)})`,
          node,
          file,
        };
      return this.member(this.resolve(node.expression, depth + 1), name, node, depth + 1);
    }
    return { kind: "node", node, file };
  }

  /** The first named declaration the expression refers to, if it is a reference. */
  reference(expression: ts.Expression): NamedReference | undefined {
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) {
      const binding = this.lookup(node);
      if (!binding) return undefined;
      if (binding.kind === "const" || binding.kind === "mutable")
        return {
          name: node.text,
          file: binding.declaration.getSourceFile(),
          node: binding.declaration,
        };
      if (binding.kind === "import") {
        const declaration = this.exportDeclaration(
          binding.specifier,
          binding.imported,
          node.getSourceFile(),
          binding.literal,
          0,
        );
        return declaration ?? { name: node.text, file: node.getSourceFile(), node: binding.node };
      }
      return undefined;
    }
    if (
      (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) ||
      ts.isElementAccessExpression(node)
    ) {
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
      const object = unwrap(node.expression);
      if (name !== undefined && ts.isIdentifier(object)) {
        const binding = this.lookup(object);
        if (binding?.kind === "namespace-import") {
          return this.exportDeclaration(
            binding.specifier,
            name,
            node.getSourceFile(),
            binding.literal,
            0,
          );
        }
      }
      const origin = this.resolve(node);
      if (origin.kind === "node") {
        const parent = origin.node.parent;
        if (
          parent &&
          (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
          ts.isIdentifier(parent.name)
        ) {
          return { name: parent.name.text, file: origin.file, node: parent };
        }
      }
    }
    return undefined;
  }

  private exportDeclaration(
    specifier: string,
    name: string,
    from: ts.SourceFile,
    literal: ts.StringLiteral,
    depth: number,
  ): NamedReference | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const target = this.modules.resolve(specifier, from, literal);
    if (target.kind !== "file") return undefined;
    const tables = this.tablesOf(target.file.sourceFile);
    const entry = tables.exports.get(name);
    if (entry?.kind === "local") {
      const binding = tables.bindings.get(entry.local);
      if (binding?.kind === "const" || binding?.kind === "mutable")
        return { name: entry.local, file: target.file.sourceFile, node: binding.declaration };
      if (binding?.kind === "import")
        return this.exportDeclaration(
          binding.specifier,
          binding.imported,
          target.file.sourceFile,
          binding.literal,
          depth + 1,
        );
      return { name: entry.local || name, file: target.file.sourceFile, node: entry.node };
    }
    if (entry?.kind === "reexport")
      return this.exportDeclaration(
        entry.specifier,
        entry.imported,
        target.file.sourceFile,
        entry.literal,
        depth + 1,
      );
    if (entry === undefined && name !== "default") {
      for (const star of tables.stars) {
        const found = this.exportDeclaration(
          star.specifier,
          name,
          target.file.sourceFile,
          star.literal,
          depth + 1,
        );
        if (found) return found;
      }
    }
    return undefined;
  }

  /** The binding an identifier refers to: the innermost declaration, or the module's own. */
  lookup(identifier: ts.Identifier): Binding | undefined {
    const name = identifier.text;
    let current: ts.Node | undefined = identifier.parent;
    let previous: ts.Node = identifier;
    while (current) {
      if (ts.isSourceFile(current)) return this.tablesOf(current).bindings.get(name);
      if (
        ts.isBlock(current) ||
        ts.isModuleBlock(current) ||
        ts.isCaseClause(current) ||
        ts.isDefaultClause(current)
      ) {
        const found = this.blockTable(current).get(name);
        if (found) return found;
      } else if (ts.isFunctionLike(current)) {
        for (const parameter of current.parameters) {
          if (parameterDeclares(parameter.name, name))
            return { kind: "other", what: "a parameter", node: parameter };
        }
        if (
          (ts.isFunctionExpression(current) || ts.isClassExpression(current)) &&
          current.name?.text === name
        ) {
          return { kind: "other", what: "a function", node: current };
        }
      } else if (
        ts.isCatchClause(current) &&
        current.variableDeclaration &&
        parameterDeclares(current.variableDeclaration.name, name)
      ) {
        return { kind: "other", what: "a caught error", node: current };
      } else if (
        (ts.isForStatement(current) ||
          ts.isForOfStatement(current) ||
          ts.isForInStatement(current)) &&
        current.initializer &&
        ts.isVariableDeclarationList(current.initializer) &&
        previous !== current.initializer &&
        current.initializer.declarations.some((declaration) =>
          parameterDeclares(declaration.name, name),
        )
      ) {
        return { kind: "other", what: "a loop variable", node: current };
      }
      previous = current;
      current = current.parent;
    }
    return undefined;
  }

  private blockTable(
    block: ts.Block | ts.ModuleBlock | ts.CaseClause | ts.DefaultClause,
  ): Map<string, Binding> {
    let table = this.blockBindings.get(block);
    if (!table) {
      table = new Map();
      for (const statement of block.statements) addStatementBindings(statement, table);
      this.blockBindings.set(block, table);
    }
    return table;
  }

  private resolveIdentifier(identifier: ts.Identifier, depth: number): Origin {
    const file = identifier.getSourceFile();
    const binding = this.lookup(identifier);
    if (!binding) {
      if (identifier.text === "undefined") return { kind: "node", node: identifier, file };
      return {
        kind: "unknown",
        reason: `"${identifier.text}" is not declared in ${this.displayFile(file)} (a global?)`,
        node: identifier,
        file,
      };
    }
    switch (binding.kind) {
      case "const":
        if (!binding.initializer)
          return {
            kind: "unknown",
            reason: `"${identifier.text}" has no initializer`,
            node: identifier,
            file,
          };
        return this.resolve(binding.initializer, depth + 1);
      case "mutable":
        return {
          kind: "unknown",
          reason: `"${identifier.text}" is declared with let/var and may be reassigned`,
          node: identifier,
          file,
        };
      case "import":
        return this.resolveExport(
          binding.specifier,
          binding.imported,
          file,
          binding.literal,
          depth + 1,
          identifier,
        );
      case "namespace-import": {
        const target = this.modules.resolve(binding.specifier, file, binding.literal);
        if (target.kind === "file") return { kind: "namespace", file: target.file };
        return this.externalOrUnknown(target, binding.specifier, [], identifier);
      }
      case "other":
        return {
          kind: "unknown",
          reason: `"${identifier.text}" is ${binding.what}, not a constant`,
          node: identifier,
          file,
        };
    }
  }

  private externalOrUnknown(
    target: ReturnType<ModuleResolver["resolve"]>,
    specifier: string,
    path: readonly string[],
    at: ts.Node,
  ): Origin {
    if (target.kind === "package" || target.kind === "builtin") {
      return {
        kind: "external",
        module: target.kind === "package" ? specifierModule(specifier, target.name) : target.name,
        path,
      };
    }
    const reason =
      target.kind === "outside"
        ? `"${specifier}" resolves outside the project root`
        : `"${specifier}" cannot be resolved`;
    return { kind: "unknown", reason, node: at, file: at.getSourceFile() };
  }

  /** Resolves an export of the module `specifier` (imported from `from`). */
  resolveExport(
    specifier: string,
    name: string,
    from: ts.SourceFile,
    literal: ts.StringLiteral,
    depth: number,
    at: ts.Node,
  ): Origin {
    const target = this.modules.resolve(specifier, from, literal);
    if (target.kind !== "file") return this.externalOrUnknown(target, specifier, [name], at);
    return this.exportOf(target.file, name, depth, at);
  }

  /** Resolves the export `name` of a project module. */
  exportOf(file: ProjectFile, name: string, depth: number, at: ts.Node): Origin {
    const key = `${file.fileName}\0${name}`;
    const memo = this.exportMemo.get(key);
    if (memo) return memo;
    const result = this.computeExport(file, name, depth, at, new Set());
    this.exportMemo.set(key, result);
    return result;
  }

  private computeExport(
    file: ProjectFile,
    name: string,
    depth: number,
    at: ts.Node,
    seen: Set<string>,
  ): Origin {
    const sourceFile = file.sourceFile;
    if (depth > MAX_DEPTH || seen.has(file.fileName)) {
      return {
        kind: "unknown",
        reason: `export "${name}" of ${file.path} is part of a re-export cycle`,
        node: at,
        file: at.getSourceFile(),
      };
    }
    seen.add(file.fileName);
    const tables = this.tablesOf(sourceFile);
    const entry = tables.exports.get(name);
    if (entry) {
      switch (entry.kind) {
        case "local": {
          const binding = tables.bindings.get(entry.local);
          if (!binding) {
            return {
              kind: "unknown",
              reason: `export "${name}" of ${file.path} is not a constant`,
              node: entry.node,
              file: sourceFile,
            };
          }
          if (binding.kind === "const") {
            if (!binding.initializer)
              return {
                kind: "unknown",
                reason: `"${entry.local}" has no initializer`,
                node: binding.declaration,
                file: sourceFile,
              };
            return this.resolve(binding.initializer, depth + 1);
          }
          if (binding.kind === "import")
            return this.resolveExport(
              binding.specifier,
              binding.imported,
              sourceFile,
              binding.literal,
              depth + 1,
              binding.node,
            );
          if (binding.kind === "namespace-import") {
            const target = this.modules.resolve(binding.specifier, sourceFile, binding.literal);
            if (target.kind === "file") return { kind: "namespace", file: target.file };
            return this.externalOrUnknown(target, binding.specifier, [], binding.node);
          }
          if (binding.kind === "mutable") {
            return {
              kind: "unknown",
              reason: `"${entry.local}" in ${file.path} is declared with let/var and may be reassigned`,
              node: binding.declaration,
              file: sourceFile,
            };
          }
          return {
            kind: "unknown",
            reason: `export "${name}" of ${file.path} is ${binding.what}, not a constant`,
            node: binding.node,
            file: sourceFile,
          };
        }
        case "expression":
          return this.resolve(entry.expression, depth + 1);
        case "reexport":
          return this.resolveExport(
            entry.specifier,
            entry.imported,
            sourceFile,
            entry.literal,
            depth + 1,
            entry.literal,
          );
        case "reexport-namespace": {
          const target = this.modules.resolve(entry.specifier, sourceFile, entry.literal);
          if (target.kind === "file") return { kind: "namespace", file: target.file };
          return this.externalOrUnknown(target, entry.specifier, [], entry.literal);
        }
      }
    }
    if (name !== "default") {
      for (const star of tables.stars) {
        const target = this.modules.resolve(star.specifier, sourceFile, star.literal);
        if (target.kind !== "file") {
          if (target.kind === "package") {
            // `export * from "agentix"`: the name may come from there; only the agentix API is known.
            if (target.name === "agentix")
              return {
                kind: "external",
                module: specifierModule(star.specifier, target.name),
                path: [name],
              };
          }
          continue;
        }
        if (
          !this.tablesOf(target.file.sourceFile).exports.has(name) &&
          !this.hasStarExport(target.file, name, new Set())
        )
          continue;
        return this.computeExport(target.file, name, depth + 1, at, seen);
      }
    }
    return {
      kind: "unknown",
      reason: `${file.path} has no export named "${name}"`,
      node: at,
      file: at.getSourceFile(),
    };
  }

  private hasStarExport(file: ProjectFile, name: string, seen: Set<string>): boolean {
    if (seen.has(file.fileName)) return false;
    seen.add(file.fileName);
    for (const star of this.tablesOf(file.sourceFile).stars) {
      const target = this.modules.resolve(star.specifier, file.sourceFile, star.literal);
      if (target.kind !== "file") continue;
      if (
        this.tablesOf(target.file.sourceFile).exports.has(name) ||
        this.hasStarExport(target.file, name, seen)
      )
        return true;
    }
    return false;
  }

  /** Reads member `name` of a resolved value. */
  member(origin: Origin, name: string, at: ts.Node, depth: number): Origin {
    const file = at.getSourceFile();
    switch (origin.kind) {
      case "unknown":
        return origin;
      case "external":
        return { kind: "external", module: origin.module, path: [...origin.path, name] };
      case "namespace":
        return this.exportOf(origin.file, name, depth + 1, at);
      case "node": {
        const node = origin.node;
        if (ts.isObjectLiteralExpression(node)) return this.objectMember(node, name, at, depth);
        if (ts.isArrayLiteralExpression(node) && /^\d+$/u.test(name)) {
          const element = node.elements[Number(name)];
          if (
            element &&
            !ts.isSpreadElement(element) &&
            !ts.isOmittedExpression(element) &&
            node.elements.slice(0, Number(name)).every((e) => !ts.isSpreadElement(e))
          ) {
            return this.resolve(element, depth + 1);
          }
        }
        const hooked = this.memberHook?.(origin, name);
        if (hooked) return hooked;
        return {
          kind: "unknown",
          reason: `cannot read "${name}" of ${describeNode(node)} statically`,
          node: at,
          file,
        };
      }
    }
  }

  /** The value of property `name` of an object literal: the last definition wins; spreads are followed. */
  objectMember(
    object: ts.ObjectLiteralExpression,
    name: string,
    at: ts.Node,
    depth: number,
  ): Origin {
    const properties = object.properties;
    for (let index = properties.length - 1; index >= 0; index -= 1) {
      const property = properties[index]!;
      if (ts.isSpreadAssignment(property)) {
        const spread = this.resolve(property.expression, depth + 1);
        if (spread.kind === "node" && ts.isObjectLiteralExpression(spread.node)) {
          const found = this.objectMember(spread.node, name, at, depth + 1);
          if (found.kind === "unknown" && found.reason.startsWith("no property")) continue;
          return found;
        }
        if (spread.kind === "unknown") return spread;
        return {
          kind: "unknown",
          reason: `a spread of ${describeNode(property.expression)} may define "${name}"`,
          node: property,
          file: property.getSourceFile(),
        };
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key === undefined) {
        return {
          kind: "unknown",
          reason: `a computed property may define "${name}"`,
          node: property,
          file: property.getSourceFile(),
        };
      }
      if (key !== name) continue;
      if (ts.isPropertyAssignment(property)) return this.resolve(property.initializer, depth + 1);
      if (ts.isShorthandPropertyAssignment(property))
        return this.resolveIdentifier(property.name, depth + 1);
      return {
        kind: "unknown",
        reason: `"${name}" is a method or accessor`,
        node: property,
        file: property.getSourceFile(),
      };
    }
    return {
      kind: "unknown",
      reason: `no property "${name}" in the object`,
      node: at,
      file: at.getSourceFile(),
    };
  }

  displayFile(sourceFile: ts.SourceFile): string {
    return this.loaded.fileByName.get(sourceFile.fileName)?.path ?? sourceFile.fileName;
  }
}

/** `agentix/testing` stays `agentix/testing`; `zod/v4` is module `zod/v4` of package zod. */
function specifierModule(specifier: string, packageName: string): string {
  if (specifier === packageName || specifier.startsWith(`${packageName}/`)) return specifier;
  return packageName;
}

function parameterDeclares(name: ts.BindingName, text: string): boolean {
  if (ts.isIdentifier(name)) return name.text === text;
  return name.elements.some(
    (element) => ts.isBindingElement(element) && parameterDeclares(element.name, text),
  );
}
