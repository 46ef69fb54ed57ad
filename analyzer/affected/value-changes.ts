// Whether code of a file can change a value after its module has loaded: what makes a `const`, a
// function or a class state that test cases share. Every use of the value is followed to what it
// does (value-uses.ts reads the syntax): a write of a member, a method that changes it (push,
// set, an unknown one), a call it is handed to, a place it leaves for other code (returned,
// stored elsewhere, exported) may change it; a part read is followed as a value of its own, an
// alias through its own uses, the `this` of the value's own methods where they are written.
// Writes while the module loads (its top level, a describe block's body) happen before any test
// case runs: they fill the value, they do not change it between cases. When unsure: it may change.
import { ts } from "../project/ts-morph.js";
import { bindingIdentifiers, unwrap } from "../project/ts-syntax.js";
import {
  ACCUMULATING,
  FUNCTION_MEMBERS,
  OBJECT_READERS,
  READERS,
  calledAccess,
  handsOn,
  isFollowedMethod,
  isTypeUse,
  isWritten,
  memberName,
  outermost,
  readsOnly,
  thisUses,
  useContext,
  writesProperties,
  type Access,
  type UseContext,
} from "./value-uses.js";
import { isFunctionLike } from "./agentix-calls.js";

/**
 * The value a declaration binds: data (an object, an array, a Set...), or a function or a class,
 * which code calls and hands around without changing it.
 */
export interface TrackedValue {
  readonly kind: "data" | "function" | "class";
  /** Where its methods are written (an initializer, a class): their `this` is followed. */
  readonly body: ts.Node | undefined;
  /** The object literal or class in `body` that is the value itself. */
  readonly self: ts.Node | undefined;
  /** An array literal, `new Set(...)`, `new Map(...)`: its readers change nothing. */
  readonly collection: boolean;
  /** Whether importers could change it: data always; a function or class that holds properties. */
  readonly exportedState: boolean;
}

const COLLECTION_TYPES = new Set([
  "Array",
  "ReadonlyArray",
  "Set",
  "ReadonlySet",
  "Map",
  "ReadonlyMap",
]);

export class ValueChanges {
  private identifiers: Map<string, ts.Identifier[]> | undefined;
  /** Aliases being followed: a binding assigned to itself is followed once. */
  private readonly following = new Set<ts.Symbol>();
  /** Whether each name's declared type is a primitive (isPrimitive). */
  private readonly primitiveSymbols = new Map<ts.Symbol, boolean>();

  constructor(
    private readonly sourceFile: ts.SourceFile,
    private readonly checker: ts.TypeChecker,
    /** Whether code there runs only while the module loads (or its test file is collected). */
    private readonly loadTime: (node: ts.Node) => boolean,
  ) {}

  /** Whether code of the file may change the value `names` declare after its module loaded. */
  changes(names: readonly ts.Identifier[], value: TrackedValue): boolean {
    if (names.some((name) => this.aliasChanges(name, value, value))) return true;
    return thisUses(value.body, value.self).some((use) =>
      this.useChanges(use.node, use.root ? value : undefined, value),
    );
  }

  /** Whether the file assigns or removes a property of the value `name` declares, at any time. */
  writesMembers(name: ts.Identifier): boolean {
    return this.usesOf(name).some((use) => {
      const context = useContext(use);
      if (context.kind === "access") return isWritten(context.access);
      return (
        context.kind === "argument" &&
        writesProperties(context.call.expression) &&
        context.call.arguments?.[0] === outermost(use)
      );
    });
  }

  /**
   * Whether a value of this expression's type is a primitive (nothing in it can change). A name
   * is judged once per symbol, by its initializer's syntax where that tells (primitiveBySyntax),
   * else by its declared type: declared is never narrower than the type at a use, so never more
   * primitive.
   */
  isPrimitive(node: ts.Node): boolean {
    let symbol = ts.isIdentifier(node) ? this.checker.getSymbolAtLocation(node) : undefined;
    if (symbol === undefined) return isPrimitiveType(this.checker.getTypeAtLocation(node));
    if ((symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = this.checker.getAliasedSymbol(symbol);
    let primitive = this.primitiveSymbols.get(symbol);
    if (primitive === undefined) {
      primitive =
        primitiveBySyntax(symbol.valueDeclaration) ??
        isPrimitiveType(this.checker.getTypeOfSymbol(symbol));
      this.primitiveSymbols.set(symbol, primitive);
    }
    return primitive;
  }

  /**
   * One use: `root` is the tracked value when the use is the value itself (not a part of it),
   * `value` is the tracked value either way.
   */
  private useChanges(
    use: ts.Expression,
    root: TrackedValue | undefined,
    value: TrackedValue,
  ): boolean {
    const context = useContext(use);
    const whole = root !== undefined && root.kind !== "data";
    switch (context.kind) {
      case "access":
        return this.accessChanges(context.access, use, root, value);
      case "reassigned": // a function or class declaration bound anew
        return whole;
      case "called":
      case "read":
        return false;
      case "argument":
        return this.argumentChanges(context.call, use, root, value);
      case "spread":
        if (this.membersPrimitive(use)) return false;
        if (context.call !== undefined) return !readsOnly(context.call.expression);
        return this.useChanges(context.container, undefined, value);
      case "within":
        return !whole && this.useChanges(context.container, undefined, value);
      case "alias":
        return this.aliasesChange(context, root, value);
      case "escapes":
        return !whole && !this.isPrimitive(use);
      default:
        return exportedChanges(context, root) ?? !this.isPrimitive(use);
    }
  }

  /** `x.p = v`, `x.push(v)`, `x.p` read: a write, a method that may change x, or a part to follow. */
  private accessChanges(
    access: Access,
    node: ts.Expression,
    root: TrackedValue | undefined,
    value: TrackedValue,
  ): boolean {
    if (isWritten(access)) return !this.loadTime(access);
    const call = calledAccess(access);
    // The value's own method (or getter): its `this` is followed where it is written; called,
    // what it returns is followed too.
    const own = this.isOwnMethod(access, value);
    if (call === undefined) return !own && this.useChanges(access, undefined, value);
    if (own) return this.useChanges(call, undefined, value);
    const name = memberName(access);
    if (name !== undefined && OBJECT_READERS.has(name)) return false;
    if (
      root !== undefined &&
      root.kind !== "data" &&
      name !== undefined &&
      FUNCTION_MEMBERS.has(name)
    )
      return false;
    if (this.isCollection(node, root)) {
      if (name !== undefined && READERS.has(name) && ts.isCallExpression(call))
        return this.readerChanges(call, name, value);
      return !this.loadTime(call); // push, set, sort...: filled while loading, or changed
    }
    return !this.isPrimitive(node);
  }

  /** A reader of a collection: the elements it hands its callbacks, and what it returns. */
  private readerChanges(call: ts.CallExpression, name: string, value: TrackedValue): boolean {
    for (const argument of call.arguments) {
      const callback = ts.isParenthesizedExpression(argument) ? argument.expression : argument;
      if (!isFunctionLike(callback)) continue;
      const skip = ACCUMULATING.has(name) && call.arguments.length > 1 ? 1 : 0;
      for (const parameter of callback.parameters.slice(skip))
        for (const element of bindingIdentifiers(parameter.name))
          if (this.aliasChanges(element, undefined, value)) return true;
    }
    return this.useChanges(call, undefined, value);
  }

  /** Handed to a call: it may change data; a function or class only through its properties. */
  private argumentChanges(
    call: ts.CallExpression | ts.NewExpression,
    use: ts.Expression,
    root: TrackedValue | undefined,
    value: TrackedValue,
  ): boolean {
    if (root !== undefined && root.kind !== "data")
      return (
        writesProperties(call.expression) &&
        call.arguments?.[0] === outermost(use) &&
        !this.loadTime(call)
      );
    if (readsOnly(call.expression)) return false;
    if (handsOn(call.expression)) return this.useChanges(call, undefined, value);
    return !this.isPrimitive(use);
  }

  private aliasesChange(
    context: Extract<UseContext, { kind: "alias" }>,
    root: TrackedValue | undefined,
    value: TrackedValue,
  ): boolean {
    if (
      context.exported &&
      context.names.some(
        (name) => exportedChanges({ kind: "exported" }, root) ?? !this.isPrimitive(name),
      )
    )
      return true;
    return context.names.some((name) => this.aliasChanges(name, root, value));
  }

  /** Whether a use of the binding `name` declares changes the value. */
  private aliasChanges(
    name: ts.Identifier,
    root: TrackedValue | undefined,
    value: TrackedValue,
  ): boolean {
    const symbol = this.checker.getSymbolAtLocation(name);
    if (symbol === undefined) return true;
    if (this.following.has(symbol)) return false;
    this.following.add(symbol);
    try {
      return this.usesOf(name).some((use) => this.useChanges(use, root, value));
    } finally {
      this.following.delete(symbol);
    }
  }

  /** A call of a method written in the value's own body (an object literal's, a static one). */
  private isOwnMethod(access: Access, value: TrackedValue): boolean {
    const body = value.body;
    if (body === undefined) return false;
    const key = ts.isPropertyAccessExpression(access) ? access.name : access.argumentExpression;
    const declarations = this.checker.getSymbolAtLocation(key)?.declarations ?? [];
    return declarations.some(
      (declaration) =>
        declaration.pos >= body.pos && declaration.end <= body.end && isFollowedMethod(declaration),
    );
  }

  /** An array, a Set or a Map (a literal one, or by its type): its readers are known. */
  private isCollection(node: ts.Expression, root: TrackedValue | undefined): boolean {
    if (root?.collection === true) return true;
    const type = this.checker.getNonNullableType(this.checker.getTypeAtLocation(node));
    const types = type.isUnion() ? type.types : [type];
    return types.every(
      (member) =>
        this.checker.isArrayType(member) ||
        this.checker.isTupleType(member) ||
        COLLECTION_TYPES.has(member.getSymbol()?.getName() ?? ""),
    );
  }

  /** `...x` copies x's members: nothing is shared when each is a primitive. */
  private membersPrimitive(node: ts.Expression): boolean {
    const { checker } = this;
    const type = checker.getTypeAtLocation(node);
    const types = type.isUnion() ? type.types : [type];
    return types.every((member) => {
      if (checker.isArrayType(member) || checker.isTupleType(member))
        return checker.getTypeArguments(member as ts.TypeReference).every(isPrimitiveType);
      if ((member.flags & ts.TypeFlags.Object) === 0) return isPrimitiveType(member);
      return (
        checker.getIndexInfosOfType(member).every((info) => isPrimitiveType(info.type)) &&
        checker
          .getPropertiesOfType(member)
          .every((property) => isPrimitiveType(checker.getTypeOfSymbolAtLocation(property, node)))
      );
    });
  }

  /** The other identifiers of the file naming the symbol `name` declares. */
  private usesOf(name: ts.Identifier): ts.Identifier[] {
    const symbol = this.checker.getSymbolAtLocation(name);
    if (symbol === undefined) return [];
    return (this.byText().get(name.text) ?? []).filter(
      (identifier) =>
        identifier !== name &&
        !isDeclarationName(identifier) &&
        !isTypeUse(identifier) &&
        this.symbolAt(identifier) === symbol,
    );
  }

  private symbolAt(identifier: ts.Identifier): ts.Symbol | undefined {
    const parent = identifier.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === identifier)
      return this.checker.getShorthandAssignmentValueSymbol(parent);
    if (ts.isExportSpecifier(parent))
      return (parent.propertyName ?? parent.name) === identifier
        ? this.checker.getExportSpecifierLocalTargetSymbol(parent)
        : undefined;
    return this.checker.getSymbolAtLocation(identifier);
  }

  /** Every identifier of the file, by its text (one walk, on first need). */
  private byText(): Map<string, ts.Identifier[]> {
    if (this.identifiers !== undefined) return this.identifiers;
    const found = new Map<string, ts.Identifier[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const list = found.get(node.text);
        if (list === undefined) found.set(node.text, [node]);
        else list.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
    return (this.identifiers = found);
  }
}

/** Exported or extended: what importers and subclasses could change (undefined: judge the type). */
function exportedChanges(context: UseContext, root: TrackedValue | undefined): boolean | undefined {
  if (context.kind !== "exported" && context.kind !== "extended") return undefined;
  if (root !== undefined) return root.exportedState;
  return context.kind === "extended" ? true : undefined;
}

/** The name of a declaration of the same symbol (an overload, a merged interface), not a use. */
function isDeclarationName(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  return (
    (ts.isFunctionDeclaration(parent) ||
      ts.isClassLike(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isModuleDeclaration(parent) ||
      ts.isFunctionExpression(parent)) &&
    parent.name === identifier
  );
}

const PRIMITIVE =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.EnumLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.VoidLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never;

/**
 * What a `const` without a type annotation holds, read from its initializer where the syntax
 * says (an object, an array, a function: no primitive; a literal: one), before asking the
 * checker to infer its type (an agentix descriptor's type is costly to infer).
 */
function primitiveBySyntax(declaration: ts.Declaration | undefined): boolean | undefined {
  if (
    declaration === undefined ||
    !ts.isVariableDeclaration(declaration) ||
    declaration.type !== undefined ||
    declaration.initializer === undefined ||
    (declaration.parent.flags & ts.NodeFlags.Const) === 0
  )
    return undefined;
  const value = unwrap(declaration.initializer);
  if (
    ts.isObjectLiteralExpression(value) ||
    ts.isArrayLiteralExpression(value) ||
    ts.isNewExpression(value) ||
    ts.isRegularExpressionLiteral(value) ||
    isFunctionLike(value) ||
    ts.isClassExpression(value)
  )
    return false;
  if (
    ts.isStringLiteral(value) ||
    ts.isNumericLiteral(value) ||
    ts.isBigIntLiteral(value) ||
    ts.isNoSubstitutionTemplateLiteral(value) ||
    ts.isTemplateExpression(value) ||
    value.kind === ts.SyntaxKind.TrueKeyword ||
    value.kind === ts.SyntaxKind.FalseKeyword
  )
    return true;
  return undefined;
}

export function isPrimitiveType(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every(isPrimitiveType);
  // A branded primitive (`string & { __brand: "Id" }`) is the primitive at run time.
  if (type.isIntersection()) return type.types.some(isPrimitiveType);
  return (type.flags & PRIMITIVE) !== 0;
}
