import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import type { ResolutionKind } from "../project/module-resolver.js";
import { requireContextCall } from "./require-contexts.js";
import { globalReferences } from "../scope/global-references.js";
import { constantString, staticString } from "./constant-string.js";
import { isRelativeSpecifier } from "../ts-syntax.js";
import { mayNameRequire } from "./may-load-beyond-declarations.js";

/** Every syntactic way a TypeScript file can depend on another module. */
export type ImportForm =
  | "import" //              import { a } from "x"; import a from "x"; import * as a from "x"
  | "import-type" //         import type { A } from "x"; import { type A } from "x"
  | "side-effect" //         import "x"
  | "export-from" //         export { a } from "x"; export type { A } from "x"
  | "export-all" //          export * from "x"; export * as ns from "x"
  | "dynamic-import" //      import("x"), import(`x`)
  | "require" //             require("x")
  | "import-equals" //       import a = require("x")
  | "type-import" //         typeof import("x"), import("x").T in a type
  | "module-augmentation"; // declare module "x" { ... } in a module: adds to x's types

export interface ImportSite {
  readonly form: ImportForm;
  /** The specifier text, or undefined when the target is not a literal or a const string. */
  readonly specifier: string | undefined;
  /** The specifier literal; a const string's identifier; else the whole import expression. */
  readonly node: TSESTree.Node;
  /** The specifier literal, when there is one (for rewriting it). */
  readonly literal: TSESTree.StringLiteral | TSESTree.TemplateLiteral | undefined;
  /** Only types cross this import (it is erased from the JavaScript). */
  readonly typeOnly: boolean;
  /** Names taken from the target module, when all are known ("default" for a default import). */
  readonly names: readonly string[] | undefined;
  readonly resolution: ResolutionKind;
}

type Literal = TSESTree.StringLiteral | TSESTree.TemplateLiteral;

function isLiteral(node: TSESTree.Node): node is Literal {
  return staticString(node) !== undefined;
}

function nameOf(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === AST_NODE_TYPES.Identifier ? node.name : node.value;
}

/** `const { a, b } = require("x")` / `= await import("x")`: the names, when plain. */
function destructuredNames(expression: TSESTree.Node): string[] | undefined {
  let node: TSESTree.Node = expression;
  if (node.parent?.type === AST_NODE_TYPES.AwaitExpression) node = node.parent;
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node)
    return undefined;
  if (declarator.id.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  const names: string[] = [];
  for (const property of declarator.id.properties) {
    if (property.type !== AST_NODE_TYPES.Property) return undefined;
    const key = property.computed
      ? staticString(property.key)
      : property.key.type === AST_NODE_TYPES.Identifier
        ? property.key.name
        : staticString(property.key);
    if (key === undefined) return undefined;
    names.push(key);
  }
  return names;
}

function leftmost(name: TSESTree.EntityName): string | undefined {
  if (name.type === AST_NODE_TYPES.Identifier) return name.name;
  if (name.type === AST_NODE_TYPES.TSQualifiedName) return leftmost(name.left);
  return undefined;
}

/**
 * Visitors that report every import site of a file to `onSite`. `require()` calls are found
 * through scope analysis (references to the global `require`), so a local function named
 * `require` is not mistaken for it. With `literalStrings` (type information), an `import(x)` /
 * `require(x)` whose `x` can only be one of some strings is one site per string, at `x`.
 * With the file's `text`, a file that never spells `require` is not searched for its calls.
 */
export function importSiteVisitors(
  scopeManager: ScopeManager,
  onSite: (site: ImportSite) => void,
  literalStrings?: (node: TSESTree.Node) => readonly string[] | undefined,
  text?: string,
  /** webpack's `require.context(...)` of the global `require` (it loads a folder's files). */
  onContext?: (call: TSESTree.CallExpression) => void,
) {
  const createRequires: TSESTree.ImportSpecifier[] = [];
  /** `import module from "node:module"`, `import * as m from "module"`: `m.createRequire`. */
  const moduleObjects: (TSESTree.ImportDefaultSpecifier | TSESTree.ImportNamespaceSpecifier)[] = [];
  /** One site per string the non-constant target can be; false when they are not known. */
  const typedSites = (
    form: "require" | "dynamic-import",
    target: TSESTree.Node,
    resolution: ResolutionKind,
  ): boolean => {
    const values = literalStrings?.(target);
    if (values === undefined) return false;
    for (const specifier of values)
      onSite({
        form,
        specifier,
        node: target,
        literal: undefined,
        typeOnly: false,
        names: undefined,
        resolution,
      });
    return true;
  };
  /**
   * A `require` function used other than by calling it (`req.call(null, x)`, `const r = req`,
   * `[req][0](x)`): what it loads cannot be known, so the use is a require() site whose target
   * is not provable. Reading its properties (`require.resolve(x)`, `require.main`) and `typeof
   * require` load nothing; `require.context(...)` loads a folder's files (onContext).
   */
  const requireUse = (reference: TSESTree.Node): void => {
    const context = requireContextCall(reference);
    if (context !== undefined) {
      onContext?.(context);
      return;
    }
    const parent = reference.parent;
    if (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === "typeof") return;
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === reference) {
      const name = memberName(parent);
      if (name !== undefined && !FUNCTION_CALLERS.has(name)) return;
    }
    onSite({
      form: "require",
      specifier: undefined,
      node: reference,
      literal: undefined,
      typeOnly: false,
      names: undefined,
      resolution: "require",
    });
  };
  /** A reference to `createRequire`: the require it makes, judged where it goes. */
  const createdRequire = (reference: TSESTree.Node): void => {
    const call = reference.parent;
    // createRequire itself handed on (`const make = createRequire`): it makes requires elsewhere.
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== reference) {
      requireUse(reference);
      return;
    }
    const declarator = call.parent;
    if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== call) {
      // Called at once (`createRequire(url)("node:fs")`), or passed, returned, stored.
      requireCall(call);
      return;
    }
    // Taken apart (`const { resolve } = ...`): property reads, which load nothing.
    if (declarator.id.type !== AST_NODE_TYPES.Identifier) return;
    // `export const load = createRequire(...)`: other modules call it.
    if (declarator.parent.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration) requireUse(call);
    for (const local of scopeManager.getDeclaredVariables(declarator))
      for (const use of local.references) if (use.isRead()) requireCall(use.identifier);
  };
  const requireCall = (callee: TSESTree.Node): void => {
    const call = callee.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== callee) {
      requireUse(callee);
      return;
    }
    const argument = call.arguments[0];
    if (!argument) return;
    const specifier = constantString(argument, scopeManager);
    if (specifier === undefined && typedSites("require", argument, "require")) return;
    const literal = specifier !== undefined && isLiteral(argument) ? argument : undefined;
    onSite({
      form: "require",
      specifier,
      node: literal ?? (specifier !== undefined ? argument : call),
      literal,
      typeOnly: false,
      names: literal ? destructuredNames(call) : undefined,
      resolution: "require",
    });
  };
  return {
    ImportDeclaration(node: TSESTree.ImportDeclaration) {
      if (
        (node.source.value === "module" || node.source.value === "node:module") &&
        node.importKind !== "type"
      ) {
        for (const specifier of node.specifiers) {
          if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) moduleObjects.push(specifier);
          else if (nameOf(specifier.imported) === "createRequire") createRequires.push(specifier);
        }
      }
      onSite(new ImportDeclarationSite(node));
    },
    ExportNamedDeclaration(node: TSESTree.ExportNamedDeclaration) {
      if (!node.source) return;
      const typeOnly =
        node.exportKind === "type" ||
        (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === "type"));
      const names = node.specifiers.map((s) => nameOf(s.local));
      onSite({
        form: "export-from",
        specifier: node.source.value,
        node: node.source,
        literal: node.source,
        typeOnly,
        names,
        resolution: "import",
      });
    },
    ExportAllDeclaration(node: TSESTree.ExportAllDeclaration) {
      onSite({
        form: "export-all",
        specifier: node.source.value,
        node: node.source,
        literal: node.source,
        typeOnly: node.exportKind === "type",
        names: undefined,
        resolution: "import",
      });
    },
    ImportExpression(node: TSESTree.ImportExpression) {
      const specifier = constantString(node.source, scopeManager);
      if (specifier === undefined && typedSites("dynamic-import", node.source, "dynamic-import"))
        return;
      const literal = specifier !== undefined && isLiteral(node.source) ? node.source : undefined;
      onSite({
        form: "dynamic-import",
        specifier,
        node: literal ?? (specifier !== undefined ? node.source : node),
        literal,
        typeOnly: false,
        names: literal ? destructuredNames(node) : undefined,
        resolution: "dynamic-import",
      });
    },
    TSImportEqualsDeclaration(node: TSESTree.TSImportEqualsDeclaration) {
      if (node.moduleReference.type !== AST_NODE_TYPES.TSExternalModuleReference) return;
      const source = node.moduleReference.expression;
      onSite({
        form: "import-equals",
        specifier: source.value,
        node: source,
        literal: source,
        typeOnly: node.importKind === "type",
        names: undefined,
        resolution: "require",
      });
    },
    // `declare module "x" { ... }` in a module augments x: its declarations merge into x's
    // (types only, erased from the JavaScript). In a script it declares a module of that name
    // instead and depends on nothing, unless the name is relative (TypeScript refuses an ambient
    // module with a relative name, so that can only mean an augmentation).
    TSModuleDeclaration(node: TSESTree.TSModuleDeclaration) {
      if (node.id.type !== AST_NODE_TYPES.Literal) return;
      const specifier = node.id.value;
      if (!isRelativeSpecifier(specifier) && !isModuleFile(node)) return;
      onSite({
        form: "module-augmentation",
        specifier,
        node: node.id,
        literal: node.id,
        typeOnly: true,
        names: undefined,
        resolution: "import",
      });
    },
    TSImportType(node: TSESTree.TSImportType) {
      const source = node.source;
      const name = node.qualifier ? leftmost(node.qualifier) : undefined;
      onSite({
        form: "type-import",
        specifier: source.value,
        node: source,
        literal: source,
        typeOnly: true,
        names: name === undefined ? undefined : [name],
        resolution: "import",
      });
    },
    "Program:exit"() {
      if (text === undefined || mayNameRequire(text))
        for (const reference of globalReferences(scopeManager, REQUIRE))
          requireCall(reference.identifier);
      // const require = createRequire(import.meta.url): calls of that local are require() too, as
      // is a require created and called at once.
      for (const specifier of createRequires)
        for (const created of scopeManager.getDeclaredVariables(specifier))
          for (const reference of created.references) createdRequire(reference.identifier);
      for (const specifier of moduleObjects)
        for (const namespace of scopeManager.getDeclaredVariables(specifier))
          for (const { identifier } of namespace.references) {
            const member = identifier.parent;
            if (
              member?.type === AST_NODE_TYPES.MemberExpression &&
              member.object === identifier &&
              memberName(member) === "createRequire"
            )
              createdRequire(member);
          }
    },
  };
}

const REQUIRE: ReadonlySet<string> = new Set(["require"]);

/** Whether the file holding `node` is a module (an import or export at its top), as TypeScript tells. */
function isModuleFile(node: TSESTree.Node): boolean {
  let program: TSESTree.Node = node;
  while (program.parent) program = program.parent;
  return (
    program.type === AST_NODE_TYPES.Program &&
    program.body.some(
      (statement) =>
        statement.type === AST_NODE_TYPES.ImportDeclaration ||
        statement.type === AST_NODE_TYPES.ExportAllDeclaration ||
        statement.type === AST_NODE_TYPES.ExportNamedDeclaration ||
        statement.type === AST_NODE_TYPES.ExportDefaultDeclaration ||
        statement.type === AST_NODE_TYPES.TSExportAssignment ||
        (statement.type === AST_NODE_TYPES.TSImportEqualsDeclaration &&
          statement.moduleReference.type === AST_NODE_TYPES.TSExternalModuleReference),
    )
  );
}

/** Function.prototype's methods that call a function: through them a require still loads. */
const FUNCTION_CALLERS: ReadonlySet<string> = new Set(["call", "apply", "bind"]);

/** A member expression's property name when it is known (`a.b`, `a["b"]`). */
function memberName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed)
    return member.property.type === AST_NODE_TYPES.Identifier ? member.property.name : undefined;
  const property = member.property;
  return property.type === AST_NODE_TYPES.Literal && typeof property.value === "string"
    ? property.value
    : undefined;
}

/**
 * The site of an `import` declaration, the most frequent form by far: what it imports is read
 * from the declaration only when asked (a rule reads the specifier of nearly every import, the
 * imported names of few), since each read of a fresh syntax tree is a trip to memory.
 */
class ImportDeclarationSite implements ImportSite {
  readonly resolution = "import";
  readonly literal: TSESTree.StringLiteral;
  readonly specifier: string;
  private facts: { form: ImportForm; typeOnly: boolean; names: string[] | undefined } | undefined;

  constructor(private readonly declaration: TSESTree.ImportDeclaration) {
    this.literal = declaration.source;
    this.specifier = declaration.source.value;
  }

  get node(): TSESTree.Node {
    return this.literal;
  }

  get form(): ImportForm {
    return this.read().form;
  }

  get typeOnly(): boolean {
    return this.read().typeOnly;
  }

  get names(): readonly string[] | undefined {
    return this.read().names;
  }

  private read() {
    if (this.facts) return this.facts;
    const { importKind, specifiers } = this.declaration;
    const typeOnly =
      importKind === "type" ||
      (specifiers.length > 0 &&
        specifiers.every(
          (s) => s.type === AST_NODE_TYPES.ImportSpecifier && s.importKind === "type",
        ));
    let names: string[] | undefined = [];
    for (const specifier of specifiers) {
      if (specifier.type === AST_NODE_TYPES.ImportSpecifier)
        names?.push(nameOf(specifier.imported));
      else if (specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier) names?.push("default");
      else names = undefined;
    }
    const form = specifiers.length === 0 ? "side-effect" : typeOnly ? "import-type" : "import";
    this.facts = { form, typeOnly, names: form === "side-effect" ? undefined : names };
    return this.facts;
  }
}
