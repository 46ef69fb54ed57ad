// Cuts one file into code units (units.ts says what they are): top-level (and, in tests,
// describe-level) declarations, the deferred bodies inside their initializers, and in test
// files every test case and hook.
import { ts } from "../project/ts-morph.js";
import { bindingIdentifiers, hasModifier, unwrap } from "../project/ts-syntax.js";
import { DEFERRED_SLOTS, STORING_CALLS, agentixCallee, isFunctionLike } from "./agentix-calls.js";
import {
  innermostRegion,
  type CodeUnit,
  type CutFileUnits,
  type Region,
  type TestCaseInfo,
  type UnitKind,
} from "./units.js";
import { eachRows } from "./each-rows.js";
import { SharedState, type StateDeclaration } from "./shared-state.js";
import { SHARED_HOOKS, testCall, type TestCall } from "./test-syntax.js";

/** Cuts a file into units and regions; test files also into test cases and hooks. */
export function fileUnits(
  sourceFile: ts.SourceFile,
  file: string,
  isTest: boolean,
  checker: ts.TypeChecker,
): CutFileUnits {
  return new UnitCutter(sourceFile, file, isTest, checker).cut();
}

interface PendingTestCase {
  readonly unit: CodeUnit;
  /** The describe callbacks around it, outermost first. */
  readonly scopes: readonly ts.Node[];
  readonly line: number;
  readonly parameterised: boolean;
  /** Its own rows (1 unless parameterised). */
  readonly rows: number;
}

class UnitCutter {
  private readonly module: CodeUnit;
  private readonly units: CodeUnit[];
  private readonly declarations = new Map<ts.Node, CodeUnit>();
  private readonly regions: Region[];
  private readonly testCases: PendingTestCase[] = [];
  private readonly hooksByScope = new Map<ts.Node, CodeUnit[]>();
  /** The rows of each `describe.each` callback: every case inside runs once per row. */
  private readonly suiteRows = new Map<ts.Node, number>();
  private readonly usedIds: Set<string>;
  /** Declarations that may hold state test cases share (shared-state.ts judges them last). */
  private readonly stateCandidates: {
    readonly unit: CodeUnit;
    readonly declaration: StateDeclaration;
    readonly name: ts.Identifier | undefined;
  }[] = [];

  constructor(
    private readonly sourceFile: ts.SourceFile,
    private readonly file: string,
    private readonly isTest: boolean,
    private readonly checker: ts.TypeChecker,
  ) {
    this.module = {
      id: file,
      kind: "module",
      file,
      name: "(module)",
      line: 1,
      start: sourceFile.getStart(sourceFile),
      end: sourceFile.getEnd(),
      descriptor: undefined,
      sharedState: false,
      touchesEnv: false,
    };
    this.units = [this.module];
    this.regions = [
      {
        start: sourceFile.getFullStart(),
        end: sourceFile.getEnd(),
        unit: this.module,
        eager: true,
        typeOnly: false,
      },
    ];
    this.usedIds = new Set<string>([file]);
  }

  cut(): CutFileUnits {
    for (const statement of this.sourceFile.statements) this.visitStatement(statement, []);
    const testCases: TestCaseInfo[] = this.testCases.map((testCase) => {
      const scopes = [this.sourceFile, ...testCase.scopes];
      const hooks = scopes.flatMap((scope) => this.hooksByScope.get(scope) ?? []);
      return {
        unit: testCase.unit,
        hooks,
        sharedHooks: hooks.filter((hook) => SHARED_HOOKS.has(hook.name)),
        line: testCase.line,
        parameterised: testCase.parameterised,
        runs: testCase.scopes.reduce(
          (product, scope) => product * (this.suiteRows.get(scope) ?? 1),
          testCase.rows,
        ),
      };
    });
    this.markEnvUse();
    this.markSharedState();
    const { file, module, declarations, units, regions, isTest } = this;
    return { file, module, declarations, units, regions, testCases, isTest };
  }

  /** Marks the units whose code names `process.env` (touchesEnv), found by its text. */
  private markEnvUse(): void {
    const text = this.sourceFile.text;
    for (
      let at = text.indexOf("process.env");
      at !== -1;
      at = text.indexOf("process.env", at + 1)
    ) {
      const unit = innermostRegion(this.regions, at).unit;
      (unit as { touchesEnv: boolean }).touchesEnv = true;
    }
  }

  /** Marks the declarations holding state test cases share, once every describe block is known. */
  private markSharedState(): void {
    const state = new SharedState(this.sourceFile, this.checker, (node) => this.loadTime(node));
    for (const { unit, declaration, name } of this.stateCandidates)
      if (state.holds(declaration, name)) (unit as { sharedState: boolean }).sharedState = true;
  }

  /**
   * Whether code there runs only while the module loads or its test file is collected (before
   * any test case): inside no function but a describe block's, nor an instance field's initializer.
   */
  private loadTime(node: ts.Node): boolean {
    for (let current = node.parent; !ts.isSourceFile(current); current = current.parent) {
      if (ts.isFunctionLike(current) && !this.suiteRows.has(current)) return false;
      if (ts.isPropertyDeclaration(current) && !hasModifier(current, ts.SyntaxKind.StaticKeyword))
        return false;
    }
    return true;
  }

  private region(node: ts.Node, unit: CodeUnit, eager: boolean, typeOnly = false): void {
    this.regions.push({ start: node.getFullStart(), end: node.getEnd(), unit, eager, typeOnly });
  }

  private newUnit(
    kind: UnitKind,
    name: string,
    node: ts.Node,
    extra: Partial<Pick<CodeUnit, "descriptor" | "sharedState">> = {},
  ): CodeUnit {
    const { file } = this;
    const line =
      this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile)).line + 1;
    let id =
      kind === "declaration"
        ? `${file}#${name}`
        : `${file}:${line}${kind === "test-hook" ? `:${name}` : ""}`;
    // Shadowed names in nested describe blocks, two hooks on one line: keep ids unique.
    for (let n = 2; this.usedIds.has(id); n++) id = `${id.replace(/~\d+$/, "")}~${n}`;
    this.usedIds.add(id);
    const unit: CodeUnit = {
      id,
      kind,
      file,
      name,
      line,
      start: node.getStart(this.sourceFile),
      end: node.getEnd(),
      descriptor: extra.descriptor,
      sharedState: extra.sharedState ?? false,
      touchesEnv: false,
    };
    this.units.push(unit);
    return unit;
  }

  /**
   * A function's body and its parameters (their default values, names and types) matter when it
   * is called, not when its module loads: both are deferred code of `unit`, whose callers the
   * closure follows. The list is one region, commas included, so that a line holding a
   * parameter falls in it. Parameter decorators run with their class: such a list stays eager.
   */
  private deferFunction(node: ts.FunctionLikeDeclaration, unit: CodeUnit): void {
    if (node.body === undefined) return;
    this.region(node.body, unit, false);
    const list = node.parameters;
    if (list.length > 0 && !list.some((parameter) => ts.getDecorators(parameter) !== undefined))
      this.regions.push({ start: list.pos, end: list.end, unit, eager: false, typeOnly: false });
  }

  /** Marks which parts of an eager initializer are deferred (and belong to `unit`). */
  private deferInitializer(expression: ts.Expression, unit: CodeUnit): void {
    const node = unwrap(expression);
    if (isFunctionLike(node)) {
      this.deferFunction(node, unit);
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (
          (ts.isMethodDeclaration(property) ||
            ts.isGetAccessorDeclaration(property) ||
            ts.isSetAccessorDeclaration(property)) &&
          property.body
        ) {
          // A getter runs when read: only methods are deferred.
          if (ts.isGetAccessorDeclaration(property)) this.region(property.body, unit, true);
          else this.deferFunction(property, unit);
        } else if (ts.isPropertyAssignment(property)) {
          this.deferInitializer(property.initializer, unit);
        }
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) this.deferInitializer(element, unit);
    } else if (ts.isClassExpression(node)) {
      this.deferClassMembers(node, unit);
    } else if (ts.isCallExpression(node)) {
      this.deferStoredCallbacks(node, unit);
    }
  }

  /** The callbacks an agentix call only stores (`execute`, adapter handlers, ...) run later. */
  private deferStoredCallbacks(node: ts.CallExpression, unit: CodeUnit): void {
    const name = agentixCallee(this.checker, node.expression);
    const slot = name === undefined ? undefined : DEFERRED_SLOTS[name];
    const argument = slot === undefined ? undefined : node.arguments[slot.argument];
    if (slot === undefined || argument === undefined) return;
    const object = unwrap(argument);
    if (!ts.isObjectLiteralExpression(object)) return;
    for (const property of object.properties) {
      const key =
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? property.name.text
          : undefined;
      if (key === undefined || (slot.properties !== "all" && !slot.properties.includes(key)))
        continue;
      if (ts.isMethodDeclaration(property) && property.body) {
        this.deferFunction(property, unit);
      } else if (ts.isPropertyAssignment(property)) {
        const value = unwrap(property.initializer);
        if (isFunctionLike(value)) this.deferFunction(value, unit);
      }
    }
  }

  private deferClassMembers(node: ts.ClassLikeDeclaration, unit: CodeUnit): void {
    for (const member of node.members) {
      const deferrable =
        ts.isMethodDeclaration(member) ||
        ts.isSetAccessorDeclaration(member) ||
        ts.isConstructorDeclaration(member) ||
        ts.isGetAccessorDeclaration(member);
      if (deferrable && member.body) this.deferFunction(member, unit);
    }
  }

  private descriptorOf(initializer: ts.Expression | undefined): string | undefined {
    if (initializer === undefined) return undefined;
    const node = unwrap(initializer);
    if (!ts.isCallExpression(node)) return undefined;
    const name = agentixCallee(this.checker, node.expression);
    return name !== undefined && STORING_CALLS.has(name) ? name : undefined;
  }

  /** Top-level and (in tests) describe-level declarations become units; their initializers stay eager. */
  private declareStatement(statement: ts.Statement, collectionScope: boolean): boolean {
    if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      const unit = this.newUnit("declaration", statement.name.text, statement);
      this.declarations.set(statement, unit);
      if (collectionScope)
        this.stateCandidates.push({ unit, declaration: statement, name: statement.name });
      this.region(statement, unit, true);
      if (ts.isClassDeclaration(statement)) this.deferClassMembers(statement, unit);
      else this.deferFunction(statement, unit);
      return true;
    }
    if (ts.isVariableStatement(statement)) {
      this.declareVariables(statement, collectionScope);
      return true;
    }
    if (ts.isExportAssignment(statement)) {
      const unit = this.newUnit("declaration", "default", statement, {
        descriptor: this.descriptorOf(statement.expression),
      });
      this.declarations.set(statement, unit);
      if (collectionScope)
        this.stateCandidates.push({ unit, declaration: statement, name: undefined });
      this.region(statement, unit, true);
      this.deferInitializer(statement.expression, unit);
      return true;
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      this.region(statement, this.module, true, true);
      return true;
    }
    return false;
  }

  private declareVariables(statement: ts.VariableStatement, collectionScope: boolean): void {
    for (const declaration of statement.declarationList.declarations) {
      const names = bindingIdentifiers(declaration.name);
      for (const identifier of names) {
        const unit = this.newUnit("declaration", identifier.text, declaration, {
          descriptor: this.descriptorOf(declaration.initializer),
        });
        if (collectionScope) this.stateCandidates.push({ unit, declaration, name: identifier });
        this.declarations.set(names.length === 1 ? declaration : identifier, unit);
        if (names.length === 1) {
          this.region(declaration, unit, true);
          if (declaration.initializer) this.deferInitializer(declaration.initializer, unit);
        }
      }
    }
  }

  private visitTests(node: ts.Node, scopes: readonly ts.Node[]): void {
    const call = ts.isCallExpression(node) ? testCall(node) : undefined;
    if (call !== undefined && ts.isCallExpression(node) && call.kind !== "suite") {
      const unit = this.newUnit(call.kind === "test" ? "test-case" : "test-hook", call.name, node);
      if (call.callback) this.region(call.callback.body, unit, false);
      if (call.kind === "hook") {
        const scope = scopes[scopes.length - 1] ?? this.sourceFile;
        this.hooksByScope.set(scope, [...(this.hooksByScope.get(scope) ?? []), unit]);
      } else {
        this.testCases.push({
          unit,
          scopes: [...scopes],
          line: unit.line,
          parameterised: call.parameterised,
          rows: this.rowsOf(call),
        });
      }
      for (const argument of node.arguments)
        if (argument !== call.callback) this.visitTests(argument, scopes);
      return;
    }
    if (call?.kind === "suite" && call.callback && ts.isCallExpression(node)) {
      for (const argument of node.arguments)
        if (argument !== call.callback) this.visitTests(argument, scopes);
      const body = call.callback.body;
      const inner = [...scopes, call.callback];
      this.suiteRows.set(call.callback, this.rowsOf(call));
      if (ts.isBlock(body))
        for (const statement of body.statements) this.visitStatement(statement, inner);
      else this.visitTests(body, inner);
      return;
    }
    // A function declared here (not handed to a call that runs it while the file is collected)
    // registers its tests and hooks in whichever test file calls it: they are its code, whose
    // callers the closure follows (h3's describeMatrix: hooks in test/_setup.ts, a file Vitest
    // never runs, for every test file that calls it).
    if (isDeclaredFunction(node)) return;
    ts.forEachChild(node, (child) => this.visitTests(child, scopes));
  }

  /** The rows a test or suite call runs: its table's, or 1 (also when they are not static). */
  private rowsOf(call: TestCall): number {
    if (call.table === undefined) return 1;
    return eachRows(call.table, this.checker) ?? 1;
  }

  private visitStatement(statement: ts.Statement, scopes: readonly ts.Node[]): void {
    if (this.declareStatement(statement, true)) {
      if (this.isTest) this.visitTests(statement, scopes);
      return;
    }
    if (this.isTest) this.visitTests(statement, scopes);
  }
}

/** A function that runs when something calls it later: anything but a call's argument. */
function isDeclaredFunction(node: ts.Node): boolean {
  if (!ts.isFunctionLike(node)) return false;
  const parent = node.parent;
  return !(
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.some((argument) => unwrap(argument) === node)
  );
}
