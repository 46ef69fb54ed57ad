// The code of one file cut into units that run at different times. Module evaluation runs the
// eager code (top-level statements and initializers) for anyone who loads the file; a deferred
// body (a function, an operation's execute, an adapter handler, a test case) runs only when
// something calls it. A change confined to deferred code can only affect what calls it; a change
// to eager code affects everyone who loads the file.
import { ts } from "ts-morph";
import { DESCRIPTOR_CALLS } from "../extract/agentix-api.js";
import { bindingIdentifiers, isAgentixModule, unwrap } from "../project/ts-syntax.js";

export type UnitKind = "module" | "declaration" | "test-case" | "test-hook";

export interface CodeUnit {
  /** Stable id: `<file>` for the module, `<file>#<name>` for declarations, `<file>:<line>` for tests. */
  readonly id: string;
  readonly kind: UnitKind;
  readonly file: string;
  /** The declared name, the test's literal name, or the hook's name. */
  readonly name: string;
  readonly line: number;
  readonly node: ts.Node;
  /** A declaration whose value is an agentix descriptor (plain frozen data). */
  readonly descriptor: string | undefined;
  /** A collection-time variable of a test file holding state its cases may share. */
  readonly sharedState: boolean;
}

/** A stretch of source text and who runs it. */
export interface Region {
  readonly start: number;
  readonly end: number;
  readonly unit: CodeUnit;
  /** Runs while the module loads (or the test file is collected). */
  readonly eager: boolean;
  /** Types only: erased, it never runs. */
  readonly typeOnly: boolean;
}

export interface TestCaseInfo {
  readonly unit: CodeUnit;
  /** Hooks of the file and of enclosing describe blocks. */
  readonly hooks: readonly CodeUnit[];
  /** beforeAll/afterAll hooks in scope: the cases under one share what they set up. */
  readonly sharedHooks: readonly CodeUnit[];
  /** Line of the test call: what Vitest's `file:line` filter matches. */
  readonly line: number;
  readonly parameterised: boolean;
}

export interface FileUnits {
  readonly file: string;
  readonly module: CodeUnit;
  /** Declaration node (VariableDeclaration, FunctionDeclaration, ClassDeclaration, binding name, ExportAssignment) -> unit. */
  readonly declarations: ReadonlyMap<ts.Node, CodeUnit>;
  readonly units: readonly CodeUnit[];
  readonly regions: readonly Region[];
  readonly testCases: readonly TestCaseInfo[];
  readonly isTest: boolean;
}

/** Callbacks agentix never calls while a module loads: it stores them for dispatch. */
const DEFERRED_SLOTS: Readonly<
  Record<string, { readonly argument: number; readonly properties: readonly string[] | "all" }>
> = {
  defineCommand: { argument: 0, properties: ["execute"] },
  defineQuery: { argument: 0, properties: ["execute"] },
  defineInvariant: { argument: 0, properties: ["check"] },
  implementPort: { argument: 1, properties: "all" },
  createApplication: { argument: 0, properties: ["onDefect"] },
  createHttpHandler: { argument: 1, properties: ["principal", "onError"] },
  route: { argument: 3, properties: ["input"] },
};
/** agentix calls whose result is frozen: a value built by them holds no state tests could share. */
const FROZEN_CALLS: ReadonlySet<string> = new Set([
  ...DESCRIPTOR_CALLS,
  "createApplication",
  "route",
  "defineEvent",
]);
/** agentix calls that only store the values given to them (never call them) while a module loads. */
export const STORING_CALLS: ReadonlySet<string> = new Set([
  ...DESCRIPTOR_CALLS,
  "createApplication",
  "createHttpHandler",
  "route",
  "memoryPort",
]);

const TEST_CALLS = new Set(["it", "test"]);
const SUITE_CALLS = new Set(["describe", "suite"]);
const HOOK_CALLS = new Set(["beforeEach", "afterEach", "beforeAll", "afterAll"]);
const SHARED_HOOKS = new Set(["beforeAll", "afterAll"]);
const PARAMETERISED = new Set(["each", "for"]);
const MODIFIERS = new Set(["only", "skip", "todo", "concurrent", "sequential", "fails", "shuffle"]);
const CONDITIONS = new Set(["skipIf", "runIf"]);

function lineOf(sourceFile: ts.SourceFile, position: number): number {
  return sourceFile.getLineAndCharacterOfPosition(position).line + 1;
}

export function isFunctionLike(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** The imported name of the agentix function a callee refers to (renamed and namespace imports included). */
export function agentixCallee(checker: ts.TypeChecker, callee: ts.Expression): string | undefined {
  const expression = unwrap(callee);
  const base = ts.isPropertyAccessExpression(expression) ? expression.expression : expression;
  if (!ts.isIdentifier(base)) return undefined;
  const declaration = checker.getSymbolAtLocation(base)?.declarations?.[0];
  if (declaration === undefined) return undefined;
  if (ts.isPropertyAccessExpression(expression)) {
    // `agentix.defineCommand` through `import * as agentix from "agentix"`.
    if (ts.isNamespaceImport(declaration)) {
      const module = declaration.parent.parent.moduleSpecifier;
      return ts.isStringLiteral(module) && isAgentixModule(module.text)
        ? expression.name.text
        : undefined;
    }
    // `s.object` through `import { s } from "agentix"`.
    if (!ts.isImportSpecifier(declaration)) return undefined;
    const module = declaration.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteral(module) || !isAgentixModule(module.text)) return undefined;
    return `${(declaration.propertyName ?? declaration.name).text}.${expression.name.text}`;
  }
  if (!ts.isImportSpecifier(declaration)) return undefined;
  const module = declaration.parent.parent.parent.moduleSpecifier;
  if (!ts.isStringLiteral(module) || !isAgentixModule(module.text)) return undefined;
  return (declaration.propertyName ?? declaration.name).text;
}

interface TestCall {
  readonly kind: "test" | "suite" | "hook";
  readonly name: string;
  readonly parameterised: boolean;
  readonly callback: ts.ArrowFunction | ts.FunctionExpression | undefined;
}

/** `it("x", fn)`, `it.skip(...)`, `it.each(rows)("x", fn)`, `it.skipIf(c)("x", fn)`, `describe(...)`, `beforeEach(fn)`. */
function testCall(call: ts.CallExpression): TestCall | undefined {
  let callee: ts.Expression = call.expression;
  let parameterised = false;
  for (;;) {
    if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) {
      const name = callee.expression.name.text;
      if (PARAMETERISED.has(name)) parameterised = true;
      else if (!CONDITIONS.has(name)) return undefined;
      callee = callee.expression.expression;
    } else if (ts.isPropertyAccessExpression(callee) && MODIFIERS.has(callee.name.text)) {
      callee = callee.expression;
    } else {
      break;
    }
  }
  if (!ts.isIdentifier(callee)) return undefined;
  const base = callee.text;
  const kind = TEST_CALLS.has(base)
    ? "test"
    : SUITE_CALLS.has(base)
      ? "suite"
      : HOOK_CALLS.has(base)
        ? "hook"
        : undefined;
  if (kind === undefined) return undefined;
  const args = call.arguments;
  const candidates = kind === "hook" ? args.slice(0, 1) : args.slice(1);
  const callback = candidates.find(isFunctionLike);
  const first = args[0];
  const name =
    kind === "hook"
      ? base
      : first !== undefined &&
          (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
        ? first.text
        : "";
  return { kind, name, parameterised, callback };
}

/** Cuts a file into units and regions; test files also into test cases and hooks. */
export function fileUnits(
  sourceFile: ts.SourceFile,
  file: string,
  isTest: boolean,
  checker: ts.TypeChecker,
): FileUnits {
  const module: CodeUnit = {
    id: file,
    kind: "module",
    file,
    name: "(module)",
    line: 1,
    node: sourceFile,
    descriptor: undefined,
    sharedState: false,
  };
  const units: CodeUnit[] = [module];
  const declarations = new Map<ts.Node, CodeUnit>();
  const regions: Region[] = [
    {
      start: sourceFile.getFullStart(),
      end: sourceFile.getEnd(),
      unit: module,
      eager: true,
      typeOnly: false,
    },
  ];
  const testCases: { unit: CodeUnit; scopes: ts.Node[]; line: number; parameterised: boolean }[] =
    [];
  const hooksByScope = new Map<ts.Node, CodeUnit[]>();
  const usedIds = new Set<string>([file]);

  const region = (node: ts.Node, unit: CodeUnit, eager: boolean, typeOnly = false) =>
    regions.push({ start: node.getFullStart(), end: node.getEnd(), unit, eager, typeOnly });

  const newUnit = (
    kind: UnitKind,
    name: string,
    node: ts.Node,
    extra: Partial<Pick<CodeUnit, "descriptor" | "sharedState">> = {},
  ): CodeUnit => {
    const line = lineOf(sourceFile, node.getStart(sourceFile));
    let id =
      kind === "declaration"
        ? `${file}#${name}`
        : `${file}:${line}${kind === "test-hook" ? `:${name}` : ""}`;
    // Shadowed names in nested describe blocks, two hooks on one line: keep ids unique.
    for (let n = 2; usedIds.has(id); n++) id = `${id.replace(/~\d+$/, "")}~${n}`;
    usedIds.add(id);
    const unit: CodeUnit = {
      id,
      kind,
      file,
      name,
      line,
      node,
      descriptor: extra.descriptor,
      sharedState: extra.sharedState ?? false,
    };
    units.push(unit);
    return unit;
  };

  /** Marks which parts of an eager initializer are deferred (and belong to `unit`). */
  const deferInitializer = (expression: ts.Expression, unit: CodeUnit): void => {
    const node = unwrap(expression);
    if (isFunctionLike(node)) {
      region(node.body, unit, false);
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (
          (ts.isMethodDeclaration(property) ||
            ts.isGetAccessorDeclaration(property) ||
            ts.isSetAccessorDeclaration(property)) &&
          property.body
        ) {
          // A getter runs when read: only methods are deferred.
          region(property.body, unit, ts.isGetAccessorDeclaration(property));
        } else if (ts.isPropertyAssignment(property)) {
          deferInitializer(property.initializer, unit);
        }
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) deferInitializer(element, unit);
    } else if (ts.isClassExpression(node)) {
      deferClassMembers(node, unit);
    } else if (ts.isCallExpression(node)) {
      const name = agentixCallee(checker, node.expression);
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
        if (ts.isMethodDeclaration(property) && property.body) region(property.body, unit, false);
        else if (
          ts.isPropertyAssignment(property) &&
          isFunctionLike(unwrap(property.initializer))
        ) {
          region(
            (unwrap(property.initializer) as ts.ArrowFunction | ts.FunctionExpression).body,
            unit,
            false,
          );
        }
      }
    }
  };

  const deferClassMembers = (node: ts.ClassLikeDeclaration, unit: CodeUnit): void => {
    for (const member of node.members) {
      const deferrable =
        ts.isMethodDeclaration(member) ||
        ts.isSetAccessorDeclaration(member) ||
        ts.isConstructorDeclaration(member) ||
        ts.isGetAccessorDeclaration(member);
      if (deferrable && member.body) region(member.body, unit, false);
    }
  };

  const descriptorOf = (initializer: ts.Expression | undefined): string | undefined => {
    if (initializer === undefined) return undefined;
    const node = unwrap(initializer);
    if (!ts.isCallExpression(node)) return undefined;
    const name = agentixCallee(checker, node.expression);
    return name !== undefined && STORING_CALLS.has(name) ? name : undefined;
  };

  /** Top-level and (in tests) describe-level declarations become units; their initializers stay eager. */
  const declareStatement = (statement: ts.Statement, collectionScope: boolean): boolean => {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      const unit = newUnit("declaration", statement.name.text, statement);
      declarations.set(statement, unit);
      region(statement, unit, true);
      if (statement.body) region(statement.body, unit, false);
      return true;
    }
    if (ts.isClassDeclaration(statement) && statement.name) {
      const unit = newUnit("declaration", statement.name.text, statement);
      declarations.set(statement, unit);
      region(statement, unit, true);
      deferClassMembers(statement, unit);
      return true;
    }
    if (ts.isVariableStatement(statement)) {
      const mutable =
        (statement.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !==
        ts.NodeFlags.Const;
      for (const declaration of statement.declarationList.declarations) {
        const names = bindingIdentifiers(declaration.name);
        const initializer =
          declaration.initializer === undefined ? undefined : unwrap(declaration.initializer);
        // State that two tests could share: mutable bindings, or values built by calls that are
        // not known to build frozen values (agentix descriptors and s.* schemas are frozen).
        const sharedState =
          collectionScope &&
          (mutable ||
            (initializer !== undefined &&
              !isFunctionLike(initializer) &&
              containsStatefulCall(initializer, checker)));
        for (const identifier of names) {
          const unit = newUnit("declaration", identifier.text, declaration, {
            descriptor: descriptorOf(declaration.initializer),
            sharedState,
          });
          declarations.set(names.length === 1 ? declaration : identifier, unit);
          if (names.length === 1) {
            region(declaration, unit, true);
            if (declaration.initializer) deferInitializer(declaration.initializer, unit);
          }
        }
      }
      return true;
    }
    if (ts.isExportAssignment(statement)) {
      const unit = newUnit("declaration", "default", statement, {
        descriptor: descriptorOf(statement.expression),
      });
      declarations.set(statement, unit);
      region(statement, unit, true);
      deferInitializer(statement.expression, unit);
      return true;
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      region(statement, module, true, true);
      return true;
    }
    return false;
  };

  const visitTests = (node: ts.Node, scopes: ts.Node[]): void => {
    if (ts.isCallExpression(node)) {
      const call = testCall(node);
      if (call !== undefined && call.kind !== "suite") {
        const unit = newUnit(call.kind === "test" ? "test-case" : "test-hook", call.name, node);
        if (call.callback) region(call.callback.body, unit, false);
        if (call.kind === "hook") {
          const scope = scopes[scopes.length - 1] ?? sourceFile;
          hooksByScope.set(scope, [...(hooksByScope.get(scope) ?? []), unit]);
        } else {
          testCases.push({
            unit,
            scopes: [...scopes],
            line: unit.line,
            parameterised: call.parameterised,
          });
        }
        for (const argument of node.arguments)
          if (argument !== call.callback) visitTests(argument, scopes);
        return;
      }
      if (call?.kind === "suite" && call.callback) {
        for (const argument of node.arguments)
          if (argument !== call.callback) visitTests(argument, scopes);
        const body = call.callback.body;
        if (ts.isBlock(body))
          for (const statement of body.statements)
            visitStatement(statement, [...scopes, call.callback]);
        else visitTests(body, [...scopes, call.callback]);
        return;
      }
    }
    ts.forEachChild(node, (child) => visitTests(child, scopes));
  };
  const visitStatement = (statement: ts.Statement, scopes: ts.Node[]): void => {
    if (declareStatement(statement, true)) {
      if (isTest) ts.forEachChild(statement, (child) => visitTests(child, scopes));
      return;
    }
    if (isTest) visitTests(statement, scopes);
  };

  for (const statement of sourceFile.statements) visitStatement(statement, []);

  const testCaseInfos: TestCaseInfo[] = testCases.map((testCase) => {
    const scopes = [sourceFile, ...testCase.scopes];
    const hooks = scopes.flatMap((scope) => hooksByScope.get(scope) ?? []);
    return {
      unit: testCase.unit,
      hooks,
      sharedHooks: hooks.filter((hook) => SHARED_HOOKS.has(hook.name)),
      line: testCase.line,
      parameterised: testCase.parameterised,
    };
  });
  return { file, module, declarations, units, regions, testCases: testCaseInfos, isTest };
}

function containsStatefulCall(node: ts.Node, checker: ts.TypeChecker): boolean {
  if (ts.isCallExpression(node)) {
    const name = agentixCallee(checker, node.expression);
    const frozen = name !== undefined && (FROZEN_CALLS.has(name) || name.startsWith("s."));
    if (!frozen) return true;
  } else if (
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node) ||
    ts.isAwaitExpression(node)
  ) {
    return true;
  }
  if (isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => containsStatefulCall(child, checker)) ?? false;
}

/** The innermost region containing a position. */
export function regionAt(units: FileUnits, position: number): Region {
  let best: Region | undefined;
  for (const candidate of units.regions) {
    if (position < candidate.start || position >= candidate.end) continue;
    if (best === undefined || candidate.end - candidate.start <= best.end - best.start)
      best = candidate;
  }
  return best ?? (units.regions[0] as Region);
}
