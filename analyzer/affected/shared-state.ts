// Which declarations of a module (or of a test file's describe block) hold state that test cases
// may share, so that a case changing it runs with the cases that read it: a `let` or `var`; a
// value built by calls not known to build frozen values; and a `const` object, array, Set or Map,
// a function or a class that code changes after its module loaded (value-changes.ts), or that
// importers may change (exported data; an exported function or class holding properties).
import { ts } from "../project/ts-morph.js";
import { hasModifier, unwrap } from "../project/ts-syntax.js";
import {
  FROZEN_CALLS,
  agentixCallee,
  containsStatefulCall,
  isFunctionLike,
} from "./agentix-calls.js";
import { ValueChanges, type TrackedValue } from "./value-changes.js";

export type StateDeclaration =
  ts.VariableDeclaration | ts.FunctionDeclaration | ts.ClassDeclaration | ts.ExportAssignment;

/** Built-in collections a literal-argument `new` builds without side effects. */
const COLLECTIONS = new Set(["Set", "Map"]);

export class SharedState {
  private readonly changes: ValueChanges;

  constructor(
    sourceFile: ts.SourceFile,
    private readonly checker: ts.TypeChecker,
    loadTime: (node: ts.Node) => boolean,
  ) {
    this.changes = new ValueChanges(sourceFile, checker, loadTime);
  }

  /** Whether the binding `name` of `declaration` (none for `export default`) holds shared state. */
  holds(declaration: StateDeclaration, name: ts.Identifier | undefined): boolean {
    if (ts.isExportAssignment(declaration)) return this.exportedValueHolds(declaration.expression);
    if (name === undefined) return false;
    const exported = (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Export) !== 0;
    if (ts.isFunctionDeclaration(declaration)) return this.functionHolds([name], exported);
    if (ts.isClassDeclaration(declaration)) return this.classHolds(declaration, [name], exported);
    const list = declaration.parent;
    if ((list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const) return true;
    if (declaration.initializer === undefined) return false;
    const initializer = unwrap(declaration.initializer);
    const own = (inner: ts.Identifier | undefined) =>
      inner === undefined ? [name] : [name, inner];
    if (isFunctionLike(initializer)) return this.functionHolds(own(initializer.name), exported);
    if (ts.isClassExpression(initializer))
      return this.classHolds(initializer, own(initializer.name), exported);
    if (this.isFrozen(initializer)) return false;
    // Built by calls: what they return may hold state no use shows (a closure, a getter).
    if (containsStatefulCall(initializer, this.checker) && !this.isPlainCollection(initializer))
      return true;
    if (this.changes.isPrimitive(name)) return false;
    if (exported) return true;
    // A destructured name holds a part of the initializer's value.
    const whole = ts.isIdentifier(declaration.name) ? initializer : undefined;
    return this.changes.changes([name], {
      kind: "data",
      body: whole,
      self: whole,
      collection: whole !== undefined && isCollectionLiteral(whole),
      exportedState: true,
    });
  }

  /** A function object holds state when its properties are written (`counted.calls += 1`). */
  private functionHolds(names: readonly ts.Identifier[], exported: boolean): boolean {
    const properties = names.some((name) => this.changes.writesMembers(name));
    if (exported && properties) return true;
    const value: TrackedValue = {
      kind: "function",
      body: undefined,
      self: undefined,
      collection: false,
      exportedState: properties,
    };
    return this.changes.changes(names, value);
  }

  /** A class holds state in its static fields (`static total = 0`, changed by `this.total += n`). */
  private classHolds(
    node: ts.ClassLikeDeclaration,
    names: readonly ts.Identifier[],
    exported: boolean,
  ): boolean {
    const statics = this.hasStaticState(node);
    if (exported && statics) return true;
    const value: TrackedValue = {
      kind: "class",
      body: node,
      self: node,
      collection: false,
      exportedState: statics,
    };
    return this.changes.changes(names, value);
  }

  /**
   * A static field importers could change: one that is not readonly, or holds an object. A
   * `#private` one only the class's own code reaches, which `changes` follows.
   */
  private hasStaticState(node: ts.ClassLikeDeclaration): boolean {
    return node.members.some(
      (member) =>
        ts.isPropertyDeclaration(member) &&
        hasModifier(member, ts.SyntaxKind.StaticKeyword) &&
        !ts.isPrivateIdentifier(member.name) &&
        (!hasModifier(member, ts.SyntaxKind.ReadonlyKeyword) || !this.changes.isPrimitive(member)),
    );
  }

  /** `export default <value>`: importers may change data it holds. */
  private exportedValueHolds(expression: ts.Expression): boolean {
    const value = unwrap(expression);
    // An identifier's own declaration judges it: this export is one of its uses.
    if (isFunctionLike(value) || ts.isClassExpression(value) || ts.isIdentifier(value))
      return false;
    if (this.isFrozen(value)) return false;
    return containsStatefulCall(value, this.checker) || !this.changes.isPrimitive(value);
  }

  /** agentix descriptors and s.* schemas are frozen: they hold nothing that changes. */
  private isFrozen(node: ts.Expression): boolean {
    if (!ts.isCallExpression(node)) return false;
    const name = agentixCallee(this.checker, node.expression);
    return name !== undefined && (FROZEN_CALLS.has(name) || name.startsWith("s."));
  }

  /** A collection literal built from plain values: its uses decide whether it changes. */
  private isPlainCollection(initializer: ts.Expression): boolean {
    if (!isCollectionLiteral(initializer)) return false;
    const parts = ts.isArrayLiteralExpression(initializer)
      ? initializer.elements
      : ((initializer as ts.NewExpression).arguments ?? []);
    return !parts.some((part) => containsStatefulCall(part, this.checker));
  }
}

/** `new Set(...)` / `new Map(...)` / an array literal. */
function isCollectionLiteral(node: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(node)) return true;
  return (
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    COLLECTIONS.has(node.expression.text)
  );
}
