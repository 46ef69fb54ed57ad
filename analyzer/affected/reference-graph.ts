// Who uses what, at the granularity of code units: every identifier in a file is resolved by
// the type checker (imports followed to their original declaration) and recorded as an edge
// from the unit it sits in to the unit it names. How it is used decides what a change to the
// named unit can affect: a use in deferred code affects only the using unit; a call made while
// the module loads affects everyone who loads the module.
import { ts } from "../project/ts-morph.js";
import { STORING_CALLS, agentixCallee } from "./agentix-calls.js";
import { regionAt, type CodeUnit, type CutFileUnits, type FileUnits } from "./units.js";
import type { RecordedUse, UseKind } from "./facts.js";
import { unwrap } from "../project/ts-syntax.js";
import { handsItselfOut } from "./load-time-self.js";

export interface Use {
  /** The unit that names it (a module unit for module code). */
  readonly by: CodeUnit;
  readonly kind: UseKind;
  /** The use runs while the using module loads: a call there makes the whole module affected. */
  readonly eager: boolean;
  readonly line: number;
  /** `testCommand(op, ...)`-style: the first argument of an agentix testing call. */
  readonly testCall: string | undefined;
}

export interface ReferenceGraph {
  /** Target unit id -> its uses. */
  readonly usesOf: ReadonlyMap<string, readonly Use[]>;
  /** Using unit id -> the unit ids it names (forward edges, for shared-state coupling of tests). */
  readonly namedBy: ReadonlyMap<string, ReadonlySet<string>>;
  readonly unitById: ReadonlyMap<string, CodeUnit>;
}

const TESTING_CALLS = new Set([
  "testCommand",
  "testQuery",
  "replayTrace",
  "assertInvariant",
  "checkOperation",
  "checkInvariant",
  "adapterContract",
]);

function isTypePosition(node: ts.Node): boolean {
  for (
    let current: ts.Node | undefined = node.parent;
    current !== undefined;
    current = current.parent
  ) {
    if (
      ts.isTypeNode(current) ||
      ts.isInterfaceDeclaration(current) ||
      ts.isTypeAliasDeclaration(current) ||
      ts.isHeritageClause(current)
    ) {
      // `extends Base` of a class is a value; `implements` and interface heritage are types.
      if (ts.isHeritageClause(current))
        return (
          current.token === ts.SyntaxKind.ImplementsKeyword ||
          ts.isInterfaceDeclaration(current.parent)
        );
      if (ts.isExpressionWithTypeArguments(current)) {
        if (ts.isHeritageClause(current.parent)) continue;
        // An instantiation expression (`makeBox<number>`, TypeScript 4.7) is a value.
        return false;
      }
      return true;
    }
    if (ts.isStatement(current) || ts.isSourceFile(current)) return false;
  }
  return false;
}

/** The identifier is the name being declared, a property name or an import/export alias, not a use. */
function isNotAUse(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === identifier) return true;
  if (ts.isQualifiedName(parent) && parent.right === identifier) return true;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === identifier
  )
    return true;
  if (ts.isBindingElement(parent) && parent.propertyName === identifier) return true;
  if (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent) ||
    ts.isImportEqualsDeclaration(parent) ||
    ts.isNamespaceExport(parent)
  )
    return true;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return true;
  if (ts.isJsxAttribute(parent)) return true;
  const declarationName = (parent as ts.NamedDeclaration).name;
  return declarationName === identifier && !ts.isShorthandPropertyAssignment(parent);
}

/** What the use does with the value: calls it (or may, through an unknown function), stores it, or reads from it. */
function useKind(
  identifier: ts.Identifier,
  checker: ts.TypeChecker,
): { kind: UseKind; testCall: string | undefined } {
  let node: ts.Node = identifier;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isNonNullExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent)
  )
    node = node.parent;
  const parent = node.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === node)
    return { kind: "call", testCall: undefined };
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === node)
    return { kind: "call", testCall: undefined };
  if (
    (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
    parent.expression === node
  ) {
    let access: ts.Node = parent;
    while (
      ts.isPropertyAccessExpression(access.parent) ||
      ts.isElementAccessExpression(access.parent)
    )
      access = access.parent;
    const called =
      (ts.isCallExpression(access.parent) ||
        ts.isNewExpression(access.parent) ||
        ts.isTaggedTemplateExpression(access.parent)) &&
      (access.parent as { expression?: ts.Node; tag?: ts.Node }).expression === access;
    return { kind: called ? "call" : "read", testCall: undefined };
  }
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(node as ts.Expression)
  ) {
    const callee = agentixCallee(checker, parent.expression);
    if (callee !== undefined && TESTING_CALLS.has(callee) && parent.arguments?.[0] === node)
      return { kind: "call", testCall: callee };
    // Passed to something that may call it at once, unless agentix only stores it.
    return {
      kind: callee !== undefined && STORING_CALLS.has(callee) ? "value" : "call",
      testCall: undefined,
    };
  }
  if (ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent))
    return {
      kind:
        ts.isSpreadElement(parent) &&
        (ts.isCallExpression(parent.parent) || ts.isNewExpression(parent.parent))
          ? "call"
          : "read",
      testCall: undefined,
    };
  if (ts.isForOfStatement(parent) || ts.isForInStatement(parent))
    return { kind: "call", testCall: undefined }; // iteration runs iterators
  if (ts.isAwaitExpression(parent) || ts.isYieldExpression(parent))
    return { kind: "call", testCall: undefined }; // thenables
  return { kind: "value", testCall: undefined };
}

/**
 * Every use in one file of a unit of the files `fileOfSource` knows (by absolute file name), in
 * the order of the text: each identifier resolved by the checker, each literal `import()`.
 */
export function fileUses(
  units: CutFileUnits,
  sourceFile: ts.SourceFile,
  fileOfSource: (fileName: string) => CutFileUnits | undefined,
  checker: ts.TypeChecker,
): RecordedUse[] {
  return new UseCollector(fileOfSource, checker).visitFile(units, sourceFile);
}

class UseCollector {
  private readonly found: RecordedUse[] = [];

  constructor(
    private readonly fileOfSource: (fileName: string) => CutFileUnits | undefined,
    private readonly checker: ts.TypeChecker,
  ) {}

  visitFile(units: CutFileUnits, sourceFile: ts.SourceFile): RecordedUse[] {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isNotAUse(node) && !isTypePosition(node)) {
        this.recordIdentifier(node, units, sourceFile);
      } else if (
        node.kind === ts.SyntaxKind.ThisKeyword ||
        node.kind === ts.SyntaxKind.SuperKeyword ||
        ts.isDecorator(node)
      ) {
        this.recordSelfAtLoad(node, undefined, units, sourceFile);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword
      ) {
        this.recordDynamicImport(node, units, sourceFile);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
    return this.found;
  }

  /** An identifier naming a unit: a use of it, unless it sits in types only. */
  private recordIdentifier(node: ts.Identifier, units: FileUnits, sourceFile: ts.SourceFile) {
    const { checker } = this;
    const symbol =
      ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node
        ? checker.getShorthandAssignmentValueSymbol(node.parent)
        : checker.getSymbolAtLocation(node);
    if (symbol === undefined) return;
    const targets = this.memberTargets(node, symbol) ?? this.targetUnits(symbol);
    if (targets.length === 0) return;
    const region = regionAt(units, node.getStart(sourceFile));
    if (region.typeOnly) return;
    const { kind, testCall } = useKind(node, checker);
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    for (const target of targets) {
      this.record(target, { by: region.unit, kind, eager: region.eager, line, testCall });
      if (target === region.unit) this.recordSelfAtLoad(node, target, units, sourceFile);
    }
  }

  /**
   * A unit's own load-time code handing it to other code (load-time-self.ts): `node` is its name
   * (`target`), `this` or `super`, or a decorator. Recorded as a call its module makes while it
   * loads, so a change to the unit reaches whoever loads the module.
   */
  private recordSelfAtLoad(
    node: ts.Node,
    target: CodeUnit | undefined,
    units: FileUnits,
    sourceFile: ts.SourceFile,
  ): void {
    const region = regionAt(units, node.getStart(sourceFile));
    const unit = region.unit;
    if (!region.eager || region.typeOnly || unit.kind === "module") return;
    if (target !== undefined && target !== unit) return;
    if (!ts.isDecorator(node) && !handsItselfOut(node as ts.Expression, this.checker)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    this.record(unit, { by: units.module, kind: "call", eager: true, line, testCall: undefined });
  }

  /**
   * `ns.price` of a namespace import (or `export * as ns`): the units of what `price` is, as a
   * named import of it would give, not every unit of the module and of all it re-exports.
   */
  private memberTargets(node: ts.Identifier, symbol: ts.Symbol): CodeUnit[] | undefined {
    const parent = node.parent;
    if (!ts.isPropertyAccessExpression(parent) || parent.expression !== node) return undefined;
    const resolved =
      symbol.flags & ts.SymbolFlags.Alias ? safeAliased(this.checker, symbol) : symbol;
    if (!resolved?.declarations?.some(ts.isSourceFile)) return undefined;
    const member = this.checker.getSymbolAtLocation(parent.name);
    const units = member === undefined ? [] : this.targetUnits(member);
    return units.length > 0 ? units : undefined;
  }

  /**
   * import("./x"): loading x runs its module code, and whatever it exports may be used, what it
   * re-exports from other modules too.
   */
  private recordDynamicImport(
    node: ts.CallExpression,
    units: FileUnits,
    sourceFile: ts.SourceFile,
  ): void {
    const specifier = node.arguments[0] === undefined ? undefined : unwrap(node.arguments[0]);
    if (
      specifier === undefined ||
      !(ts.isStringLiteral(specifier) || ts.isNoSubstitutionTemplateLiteral(specifier))
    )
      return;
    const moduleSymbol = this.checker.getSymbolAtLocation(specifier);
    // The module's units, and those of what it re-exports (a barrel's `export *`).
    const targets = moduleSymbol === undefined ? [] : this.targetUnits(moduleSymbol);
    if (targets.length === 0) return;
    const region = regionAt(units, node.getStart(sourceFile));
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    for (const target of targets)
      this.record(target, {
        by: region.unit,
        kind: "load",
        eager: region.eager,
        line,
        testCall: undefined,
      });
  }

  /**
   * The units a symbol's declarations belong to (an import followed to what it imports). A
   * namespace import names the whole module: its units, and those of what it re-exports from
   * other modules (`export * from "./x"` in a barrel: `ns.x()` uses x's).
   */
  private targetUnits(symbol: ts.Symbol, modules = new Set<ts.Symbol>()): CodeUnit[] {
    const resolved =
      symbol.flags & ts.SymbolFlags.Alias ? safeAliased(this.checker, symbol) : symbol;
    const found: CodeUnit[] = [];
    for (const declaration of resolved?.declarations ?? []) {
      if (ts.isSourceFile(declaration)) {
        if (resolved === undefined || modules.has(resolved)) continue;
        modules.add(resolved);
        found.push(...(this.fileOfSource(declaration.fileName)?.units ?? []));
        // Its own declarations are among its units; a re-export is an alias (or, through
        // `export *`, the other module's own symbol).
        for (const exported of this.checker.getExportsOfModule(resolved))
          if (
            exported.flags & ts.SymbolFlags.Alias ||
            exported.declarations?.some((at) => at.getSourceFile() !== declaration)
          )
            found.push(...this.targetUnits(exported, modules));
        continue;
      }
      const owner = this.fileOfSource(declaration.getSourceFile().fileName);
      if (owner === undefined) continue;
      for (
        let node: ts.Node | undefined = declaration;
        node !== undefined && !ts.isSourceFile(node);
        node = node.parent
      ) {
        const unit = owner.declarations.get(node);
        if (unit !== undefined) {
          found.push(unit);
          break;
        }
      }
    }
    return found;
  }

  private record(target: CodeUnit, use: Use): void {
    this.found.push({
      target: target.id,
      targetFile: target.file,
      by: use.by.id,
      kind: use.kind,
      eager: use.eager,
      line: use.line,
      testCall: use.testCall,
    });
  }
}

function safeAliased(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol | undefined {
  try {
    return checker.getAliasedSymbol(symbol);
  } catch {
    return undefined;
  }
}
