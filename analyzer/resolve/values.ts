// The static value resolver: where an expression's value comes from (origin.ts), across files,
// without the type checker and without running code. Names are looked up in scopes.ts, exports
// followed in exports.ts.
import type { LoadedProject, ProjectFile } from "../project/load-project.js";
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";
import type { Binding, ModuleTables } from "./bindings.js";
import { ExportResolver } from "./exports.js";
import { ModuleResolver, type ResolutionStore } from "./module-resolution.js";
import {
  MAX_DEPTH,
  describeNode,
  propertyNameText,
  type MemberHook,
  type NamedReference,
  type Origin,
  type OriginStore,
} from "./origin.js";
import { ModuleScopes } from "./scopes.js";

export type { MemberHook, NamedReference, Origin } from "./origin.js";
export { propertyNameText } from "./origin.js";

/**
 * A static value resolver over the project's syntax trees: follows `const` declarations,
 * imports, re-exports (`export { a } from`, `export *`), namespace imports and member reads
 * of object literals, across files, without the type checker and without running code.
 */
export class ValueResolver {
  readonly modules: ModuleResolver;
  private readonly scopes = new ModuleScopes();
  private readonly exports: ExportResolver;
  private memberHook: MemberHook | undefined;

  constructor(
    readonly loaded: LoadedProject,
    private readonly kept?: OriginStore & ResolutionStore,
  ) {
    this.modules = new ModuleResolver(loaded, kept);
    this.exports = new ExportResolver(this.modules, this.scopes, this);
  }

  /** Installs the descriptor knowledge: how `Port.save` or `contract.schemas` are read. */
  setMemberHook(hook: MemberHook): void {
    this.memberHook = hook;
  }

  tablesOf(sourceFile: ts.SourceFile): ModuleTables {
    return this.scopes.tablesOf(sourceFile);
  }

  /** The binding an identifier refers to: the innermost declaration, or the module's own. */
  lookup(identifier: ts.Identifier): Binding | undefined {
    return this.scopes.lookup(identifier);
  }

  /** Resolves the export `name` of a project module. */
  exportOf(file: ProjectFile, name: string, depth: number, at: ts.Node): Origin {
    return this.exports.exportOf(file, name, depth, at);
  }

  /** Resolves an expression to its origin (one found from the start of a chain is kept). */
  resolve(expression: ts.Expression, depth = 0): Origin {
    if (depth !== 0 || this.kept === undefined) return this.follow(expression, depth);
    const known = this.kept.keptOrigin(expression);
    if (known) return known;
    const origin = this.follow(expression, 0);
    // Not an unknown one: its node may be where the first of several look-ups asked
    // (ExportResolver's memo), which depends on the order of look-ups, not on the files.
    if (origin.kind !== "unknown") this.kept.keepOrigin(expression, origin);
    return origin;
  }

  private follow(expression: ts.Expression, depth: number): Origin {
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
        const declaration = this.exports.declarationOf(
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
          return this.exports.declarationOf(
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
        return this.exports.resolveExport(
          binding.specifier,
          binding.imported,
          file,
          binding.literal,
          depth + 1,
          identifier,
        );
      case "namespace-import":
        return this.exports.namespaceOf(binding.specifier, file, binding.literal, identifier);
      case "other":
        return {
          kind: "unknown",
          reason: `"${identifier.text}" is ${binding.what}, not a constant`,
          node: identifier,
          file,
        };
    }
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
