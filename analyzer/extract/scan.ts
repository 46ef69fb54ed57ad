import type { ImportForm } from "../../eslint-plugin/logic/imports/import-sites.js";
import { literalStrings } from "../../eslint-plugin/logic/imports/literal-strings.js";
import { ts } from "../project/ts-morph.js";
import type { ProjectFile } from "../project/load-project.js";
import { bindsNothingAtRunTime, type ModuleTables } from "../resolve/bindings.js";
import type { ValueResolver } from "../resolve/values.js";
import { AGENTIX_CALLS, type AgentixCall } from "./agentix-api.js";
import { specifierPattern } from "./loader-pattern.js";
import { viteGlobBase, viteGlobPatterns } from "./vite-glob.js";
import { requireContextOf, requireOf } from "./require-context.js";
import {
  createdRequireStaysHere,
  importsModule,
  isCreateRequire,
  isCreateRequireCall,
  isCreatedRequire,
  useMayLoad,
} from "./require-functions.js";
import { isAgentixModule, isRelativeSpecifier, unwrap } from "../project/ts-syntax.js";

export interface ImportSite {
  readonly form: ImportForm;
  /** The specifier, or undefined when the target is not a literal. */
  readonly specifier: string | undefined;
  readonly literal: ts.StringLiteralLike | undefined;
  /** The node to point at: the literal, or the whole expression for a non-literal target. */
  readonly node: ts.Node;
  readonly typeOnly: boolean;
  /** A non-literal dynamic target's specifier with `*` for its unknown parts (see loader-pattern.ts). */
  readonly pattern?: string;
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
  /** The type checker was asked (a dynamic import's target): the scan may change with other files' types. */
  readonly typed: boolean;
  /** `import.meta.glob(...)` calls and their patterns (vite-glob.ts). */
  readonly globs: readonly GlobSite[];
  /**
   * The global `require` is named other than as the callee of a call (`const r = require`,
   * `require.call(null, x)`, `typeof require`): the rules judge such a use (one may load what
   * cannot be known), so the file is theirs to check.
   */
  readonly requireUsed: boolean;
}

/** A call that loads the files its patterns match: Vite's import.meta.glob, webpack's require.context. */
export interface GlobSite {
  readonly node: ts.CallExpression;
  /** Relative to the file ("./x/*.ts"), to the root ("/x/*.ts"), or an alias; `*` is any text. */
  readonly patterns: readonly string[];
  /** Why it (also) loads what cannot be known: a `base` option or a folder that is no literal. */
  readonly unknown?: string;
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
  const scanner = new FileScanner(file, resolver);
  ts.forEachChild(file.sourceFile, scanner.visit);
  const { imports, calls, typed, globs, requireUsed } = scanner;
  return { file, imports, calls, typed, globs, requireUsed };
}

function site(
  form: ImportForm,
  literal: ts.StringLiteralLike | undefined,
  node: ts.Node,
  typeOnly: boolean,
): ImportSite {
  return { form, specifier: literal?.text, literal, node: literal ?? node, typeOnly };
}

/**
 * The import site of an import, export-from or import-equals declaration (null for one that
 * imports nothing); undefined for any other node. Nothing inside such a declaration imports.
 */
function declarationSite(node: ts.Node): ImportSite | null | undefined {
  if (ts.isImportDeclaration(node)) {
    const typeOnly = importDeclarationTypeOnly(node);
    const form = node.importClause ? (typeOnly ? "import-type" : "import") : "side-effect";
    return site(form, literalOf(node.moduleSpecifier), node, typeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (!node.moduleSpecifier) return null;
    const all = !node.exportClause || ts.isNamespaceExport(node.exportClause);
    const form = all ? "export-all" : "export-from";
    return site(form, literalOf(node.moduleSpecifier), node, node.isTypeOnly);
  }
  if (ts.isImportEqualsDeclaration(node)) {
    if (!ts.isExternalModuleReference(node.moduleReference)) return null;
    const literal = literalOf(node.moduleReference.expression);
    return site("import-equals", literal, node, node.isTypeOnly);
  }
  return undefined;
}

/**
 * Whether a file has an import or export at its top: what makes `declare module "x"` an
 * augmentation for the rules too (import-sites.ts), which see no compiler options.
 */
function hasModuleSyntax(sourceFile: ts.SourceFile): boolean {
  return sourceFile.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) ||
      ts.isExportDeclaration(statement) ||
      ts.isExportAssignment(statement) ||
      (ts.isImportEqualsDeclaration(statement) &&
        ts.isExternalModuleReference(statement.moduleReference)) ||
      (ts.canHaveModifiers(statement) &&
        (ts.getModifiers(statement) ?? []).some(
          (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
        )),
  );
}

class FileScanner {
  readonly imports: ImportSite[] = [];
  readonly calls: ApiCall[] = [];
  readonly globs: GlobSite[] = [];
  typed = false;
  requireUsed = false;
  private readonly tables: ModuleTables;
  private readonly apiMemo = new Map<string, AgentixCall | null>();
  /** The file imports node's `module`: it may create require functions (require-functions.ts). */
  private readonly createsRequires: boolean;
  private readonly lookup = (identifier: ts.Identifier) => this.resolver.lookup(identifier);

  constructor(
    private readonly file: ProjectFile,
    private readonly resolver: ValueResolver,
  ) {
    this.tables = resolver.tablesOf(file.sourceFile);
    this.createsRequires = importsModule(this.tables);
  }

  readonly visit = (node: ts.Node): void => {
    const declaration = declarationSite(node);
    if (declaration !== undefined) {
      if (declaration) this.imports.push(declaration);
      return;
    }
    if (
      ts.isModuleDeclaration(node) &&
      ts.isStringLiteral(node.name) &&
      (isRelativeSpecifier(node.name.text) || hasModuleSyntax(this.file.sourceFile))
    ) {
      // `declare module "x" { ... }` in a module augments x (types only): the rules' import-sites.ts.
      this.imports.push(site("module-augmentation", node.name, node, true));
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      const literal = ts.isLiteralTypeNode(argument)
        ? literalOf(argument.literal as ts.Expression)
        : undefined;
      this.imports.push(site("type-import", literal, node, true));
    } else if (ts.isCallExpression(node)) {
      this.visitCall(node);
    } else if (
      ts.isIdentifier(node) &&
      (node.text === "require" || this.createsRequires) &&
      !(ts.isCallExpression(node.parent) && node.parent.expression === node)
    ) {
      this.visitRequireUse(node);
    }
    ts.forEachChild(node, this.visit);
  };

  /**
   * A name that may be a require function, other than as a call's callee: handed on (`const r =
   * require`, `f(load)`) or called through `.call`, what it loads cannot be known.
   */
  private visitRequireUse(identifier: ts.Identifier): void {
    if (identifier.text === "require" && this.readsGlobal(identifier)) {
      if (ts.isPropertyAccessExpression(identifier.parent) && identifier.parent.name === identifier)
        return;
      this.requireUsed = true;
    } else if (
      !this.createsRequires ||
      !(
        isCreatedRequire(this.resolver.lookup(identifier), this.lookup) ||
        isCreateRequire(identifier, this.lookup)
      )
    )
      return;
    if (useMayLoad(identifier)) this.imports.push(site("require", undefined, identifier, false));
  }

  /** `import(x)`, the global `require(x)`, or a call of the agentix API. */
  private visitCall(call: ts.CallExpression): void {
    if (call.expression.kind === ts.SyntaxKind.ImportKeyword) {
      this.pushDynamic("dynamic-import", call);
    } else if (this.createsRequires && this.callsCreatedRequire(call)) {
      if (call.arguments.length > 0) this.pushDynamic("require", call);
    } else if (this.createsRequires && isCreateRequire(call.expression, this.lookup)) {
      // The require function made here, when it leaves the module: what it loads is unknown.
      if (!createdRequireStaysHere(call))
        this.imports.push(site("require", undefined, call, false));
    } else if (
      ts.isIdentifier(call.expression) &&
      call.expression.text === "require" &&
      call.arguments.length === 1
    ) {
      if (this.readsGlobal(call.expression)) this.pushDynamic("require", call);
    } else if (
      ts.isPropertyAccessExpression(call.expression) ||
      ts.isElementAccessExpression(call.expression)
    ) {
      const context = requireContextOf(call);
      const required = context && requireOf(call);
      if (context && required && this.readsGlobal(required)) {
        this.globs.push(
          "pattern" in context
            ? { node: call, patterns: [context.pattern] }
            : { node: call, patterns: [], unknown: context.unknown },
        );
        return;
      }
      const patterns = viteGlobPatterns(call);
      if (patterns !== undefined)
        this.globs.push({
          node: call,
          patterns,
          ...(viteGlobBase(call) === null
            ? { unknown: "import.meta.glob with a `base` that is no literal" }
            : {}),
        });
      else this.pushApiCall(call);
    } else {
      this.pushApiCall(call);
    }
  }

  /** `load(x)` of `const load = createRequire(url)`, or `createRequire(url)(x)`. */
  private callsCreatedRequire(call: ts.CallExpression): boolean {
    const callee = unwrap(call.expression);
    return ts.isIdentifier(callee)
      ? isCreatedRequire(this.resolver.lookup(callee), this.lookup)
      : isCreateRequireCall(callee, this.lookup);
  }

  /** Whether a name reads the global: no binding in the file, or one only declared (`declare const require`). */
  private readsGlobal(identifier: ts.Identifier): boolean {
    const binding = this.resolver.lookup(identifier);
    return binding === undefined || bindsNothingAtRunTime(binding);
  }

  private pushApiCall(call: ts.CallExpression): void {
    const api = this.apiOfCallee(call.expression);
    if (api !== undefined) this.calls.push({ api, node: call, file: this.file });
  }

  /**
   * `import(x)` / `require(x)`: a literal target as it is; a `const` string (or a union of literal
   * strings the type checker knows) as one site per value; anything else as a non-literal site.
   */
  private pushDynamic(form: "dynamic-import" | "require", call: ts.CallExpression): void {
    const argument = call.arguments[0];
    const literal = literalOf(argument);
    if (!literal && argument) this.typed = true;
    const values = literal || !argument ? undefined : this.literalStrings(argument);
    if (values === undefined) {
      const pattern = literal || !argument ? undefined : specifierPattern(argument);
      this.imports.push({ ...site(form, literal, call, false), ...(pattern && { pattern }) });
      return;
    }
    for (const value of values)
      this.imports.push({
        form,
        specifier: value,
        literal: undefined,
        node: argument!,
        typeOnly: false,
      });
  }

  /** The strings a dynamic target can only be, by its type (shared with the rules). */
  private literalStrings(argument: ts.Expression): string[] | undefined {
    const checker = this.resolver.loaded.program.getTypeChecker();
    return literalStrings(
      ts as unknown as Parameters<typeof literalStrings>[0],
      checker as unknown as Parameters<typeof literalStrings>[1],
      argument as unknown as Parameters<typeof literalStrings>[2],
    );
  }

  /** The agentix function a callee names, through imports, namespaces and re-exports. */
  private apiOfCallee(callee: ts.Expression): AgentixCall | undefined {
    const inner = unwrap(callee);
    const key = this.calleeKey(inner);
    if (key === undefined) return undefined;
    const known = this.apiMemo.get(key);
    if (known !== undefined) return known ?? undefined;
    const origin = this.resolver.resolve(inner);
    const api =
      origin.kind === "external" && isAgentixModule(origin.module) && origin.path.length === 1
        ? (origin.path[0] as AgentixCall)
        : undefined;
    const result = api !== undefined && AGENTIX_CALLS.has(api) ? api : null;
    this.apiMemo.set(key, result);
    return result ?? undefined;
  }

  /** `name` or `namespace.name` of an imported binding that could be the API, else undefined. */
  private calleeKey(inner: ts.Expression): string | undefined {
    if (ts.isIdentifier(inner)) {
      const binding = this.tables.bindings.get(inner.text);
      if (binding?.kind !== "import") return undefined;
      // A local declaration that shadows the import is not the API.
      return this.resolver.lookup(inner) === binding ? inner.text : undefined;
    }
    if (
      ts.isPropertyAccessExpression(inner) &&
      ts.isIdentifier(inner.expression) &&
      ts.isIdentifier(inner.name)
    ) {
      if (!AGENTIX_CALLS.has(inner.name.text as AgentixCall)) return undefined;
      const binding = this.tables.bindings.get(inner.expression.text);
      if (binding?.kind !== "namespace-import" && binding?.kind !== "import") return undefined;
      return `${inner.expression.text}.${inner.name.text}`;
    }
    return undefined;
  }
}
