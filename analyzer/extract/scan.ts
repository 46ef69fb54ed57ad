import type { ImportForm } from "../../eslint-plugin/logic/imports/import-sites.js";
import { ts } from "../project/ts-morph.js";
import type { ProjectFile } from "../project/load-project.js";
import type { ValueResolver } from "../resolve/values.js";

import { AGENTIX_CALLS, type AgentixCall } from "./agentix-api.js";
import { isAgentixModule, unwrap } from "../project/ts-syntax.js";

export interface ImportSite {
  readonly form: ImportForm;
  /** The specifier, or undefined when the target is not a literal. */
  readonly specifier: string | undefined;
  readonly literal: ts.StringLiteralLike | undefined;
  /** The node to point at: the literal, or the whole expression for a non-literal target. */
  readonly node: ts.Node;
  readonly typeOnly: boolean;
}

/** A call of the agentix API found in a file. */
export interface ApiCall {
  readonly api: AgentixCall;
  readonly node: ts.CallExpression;
  readonly file: ProjectFile;
}

export interface FileScan {
  readonly file: ProjectFile;
  readonly imports: readonly ImportSite[];
  readonly calls: readonly ApiCall[];
}

function literalOf(expression: ts.Expression | undefined): ts.StringLiteralLike | undefined {
  if (!expression) return undefined;
  const inner = unwrap(expression);
  return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) ? inner : undefined;
}

function importDeclarationTypeOnly(declaration: ts.ImportDeclaration): boolean {
  const clause = declaration.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/**
 * Walks one file once: collects its import sites (every form) and its calls of the agentix
 * API (through any import alias, namespace or local re-export module).
 */
export function scanFile(file: ProjectFile, resolver: ValueResolver): FileScan {
  const imports: ImportSite[] = [];
  const calls: ApiCall[] = [];
  const sourceFile = file.sourceFile;
  const tables = resolver.tablesOf(sourceFile);
  const apiMemo = new Map<string, AgentixCall | null>();

  const apiOfCallee = (callee: ts.Expression): AgentixCall | undefined => {
    const inner = unwrap(callee);
    let key: string;
    if (ts.isIdentifier(inner)) {
      const binding = tables.bindings.get(inner.text);
      if (binding?.kind !== "import") return undefined;
      // A local declaration that shadows the import is not the API.
      if (resolver.lookup(inner) !== binding) return undefined;
      key = inner.text;
    } else if (
      ts.isPropertyAccessExpression(inner) &&
      ts.isIdentifier(inner.expression) &&
      ts.isIdentifier(inner.name)
    ) {
      if (!AGENTIX_CALLS.has(inner.name.text as AgentixCall)) return undefined;
      const binding = tables.bindings.get(inner.expression.text);
      if (binding?.kind !== "namespace-import" && binding?.kind !== "import") return undefined;
      key = `${inner.expression.text}.${inner.name.text}`;
    } else {
      return undefined;
    }
    const known = apiMemo.get(key);
    if (known !== undefined) return known ?? undefined;
    const origin = resolver.resolve(inner);
    const api =
      origin.kind === "external" && isAgentixModule(origin.module) && origin.path.length === 1
        ? (origin.path[0] as AgentixCall)
        : undefined;
    const result = api !== undefined && AGENTIX_CALLS.has(api) ? api : null;
    apiMemo.set(key, result);
    return result ?? undefined;
  };

  const visit = (node: ts.Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration: {
        const declaration = node as ts.ImportDeclaration;
        const literal = literalOf(declaration.moduleSpecifier);
        const typeOnly = importDeclarationTypeOnly(declaration);
        imports.push({
          form: declaration.importClause ? (typeOnly ? "import-type" : "import") : "side-effect",
          specifier: literal?.text,
          literal,
          node: literal ?? declaration,
          typeOnly,
        });
        return;
      }
      case ts.SyntaxKind.ExportDeclaration: {
        const declaration = node as ts.ExportDeclaration;
        if (!declaration.moduleSpecifier) return;
        const literal = literalOf(declaration.moduleSpecifier);
        const all = !declaration.exportClause || ts.isNamespaceExport(declaration.exportClause);
        imports.push({
          form: all ? "export-all" : "export-from",
          specifier: literal?.text,
          literal,
          node: literal ?? declaration,
          typeOnly: declaration.isTypeOnly,
        });
        return;
      }
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const declaration = node as ts.ImportEqualsDeclaration;
        if (ts.isExternalModuleReference(declaration.moduleReference)) {
          const literal = literalOf(declaration.moduleReference.expression);
          imports.push({
            form: "import-equals",
            specifier: literal?.text,
            literal,
            node: literal ?? declaration,
            typeOnly: declaration.isTypeOnly,
          });
        }
        return;
      }
      case ts.SyntaxKind.ImportType: {
        const importType = node as ts.ImportTypeNode;
        const argument = importType.argument;
        const literal = ts.isLiteralTypeNode(argument)
          ? literalOf(argument.literal as ts.Expression)
          : undefined;
        imports.push({
          form: "type-import",
          specifier: literal?.text,
          literal,
          node: literal ?? importType,
          typeOnly: true,
        });
        break;
      }
      case ts.SyntaxKind.CallExpression: {
        const call = node as ts.CallExpression;
        if (call.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const literal = literalOf(call.arguments[0]);
          imports.push({
            form: "dynamic-import",
            specifier: literal?.text,
            literal,
            node: literal ?? call,
            typeOnly: false,
          });
        } else if (
          ts.isIdentifier(call.expression) &&
          call.expression.text === "require" &&
          call.arguments.length === 1
        ) {
          if (resolver.lookup(call.expression) === undefined) {
            const literal = literalOf(call.arguments[0]);
            imports.push({
              form: "require",
              specifier: literal?.text,
              literal,
              node: literal ?? call,
              typeOnly: false,
            });
          }
        } else {
          const api = apiOfCallee(call.expression);
          if (api !== undefined) calls.push({ api, node: call, file });
        }
        break;
      }
      default:
        break;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return { file, imports, calls };
}
