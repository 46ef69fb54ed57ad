// What one use does with a value, read from the syntax around it (value-changes.ts judges it): a
// write, a member read or call, a call that receives it, a literal or an alias that holds it, a
// place it leaves for other code (returned, thrown, exported), or a read that cannot change it.
import { ts } from "../project/ts-morph.js";
import { bindingIdentifiers, hasModifier, isWrapper } from "../project/ts-syntax.js";
import { isFunctionLike } from "./agentix-calls.js";

/** Members that only read a Set, a Map or an array (or hand out its elements). */
export const READERS: ReadonlySet<string> = new Set([
  ...["has", "get", "size", "length", "at", "includes", "indexOf", "lastIndexOf", "keys"],
  ...["values", "entries", "forEach", "map", "filter", "some", "every", "find", "findIndex"],
  ...["findLast", "findLastIndex", "join", "slice", "reduce", "reduceRight", "flat", "flatMap"],
  ...["concat", "toSorted", "toReversed", "toSpliced", "with", "toString"],
]);
/** Readers whose callback's first parameter is the accumulator, not an element. */
export const ACCUMULATING: ReadonlySet<string> = new Set(["reduce", "reduceRight"]);
/** Object.prototype's members: no object's state changes by calling them. */
export const OBJECT_READERS: ReadonlySet<string> = new Set([
  ...["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toString", "toLocaleString"],
  "valueOf",
]);
/** A function's own members that run it or describe it: calling them changes no property of it. */
export const FUNCTION_MEMBERS: ReadonlySet<string> = new Set(["call", "apply", "bind", "toString"]);

/** Callees known to only read what they are given (assertions, serialising, printing). */
const READING_CALLS = new Set([
  ...["JSON.stringify", "Object.keys", "Object.is", "Object.getOwnPropertyNames"],
  ...["Array.isArray", "String", "Number", "Boolean", "structuredClone"],
]);
/** Callees that hand out what they are given, or its members: their result is followed. */
const HANDING_CALLS = new Set(["Object.values", "Object.entries", "Array.from"]);
/** Callees that set or remove properties of their first argument. */
const PROPERTY_WRITERS = new Set([
  ...["Object.assign", "Object.defineProperty", "Object.defineProperties", "Object.setPrototypeOf"],
  ...["Reflect.set", "Reflect.defineProperty", "Reflect.deleteProperty", "Reflect.setPrototypeOf"],
  ...["vi.spyOn", "jest.spyOn"],
]);

export type Access = ts.PropertyAccessExpression | ts.ElementAccessExpression;
type Call = ts.CallExpression | ts.NewExpression;

export type UseContext =
  | { readonly kind: "access"; readonly access: Access }
  | { readonly kind: "reassigned" | "called" | "escapes" | "exported" | "extended" | "read" }
  | { readonly kind: "argument"; readonly call: Call }
  | { readonly kind: "spread"; readonly call: Call | undefined; readonly container: ts.Expression }
  | { readonly kind: "within"; readonly container: ts.Expression }
  | {
      readonly kind: "alias";
      readonly names: readonly ts.Identifier[];
      readonly exported: boolean;
    };

const READ = { kind: "read" } as const;
const ESCAPES = { kind: "escapes" } as const;

/** The expression with the parentheses, `as`, `!` and `satisfies` around it. */
export function outermost(node: ts.Expression): ts.Expression {
  let current = node;
  while (isWrapper(current.parent)) current = current.parent;
  return current;
}

/** What the code around `use` does with its value. */
export function useContext(use: ts.Expression): UseContext {
  const node = outermost(use);
  const parent = node.parent;
  if (
    (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
    parent.expression === node
  )
    return { kind: "access", access: parent };
  if (isWritten(node)) return { kind: "reassigned" };
  if (isCallee(parent, node) || ts.isDecorator(parent)) return { kind: "called" };
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(node)
  )
    return { kind: "argument", call: parent };
  if (ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent)) {
    const outer = parent.parent;
    const call = ts.isCallExpression(outer) || ts.isNewExpression(outer) ? outer : undefined;
    return { kind: "spread", call, container: outer as ts.Expression };
  }
  if (ts.isArrayLiteralExpression(parent)) return { kind: "within", container: parent };
  if (
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    ts.isShorthandPropertyAssignment(parent)
  )
    return { kind: "within", container: parent.parent };
  if (ts.isConditionalExpression(parent))
    return parent.condition === node ? READ : { kind: "within", container: parent };
  if (ts.isBinaryExpression(parent)) return binaryContext(parent, node);
  return aliasContext(parent, node) ?? otherContext(parent);
}

/** `x = v`, `x += v`, `x++`, `delete x`, `[x] = v`, `for (x of v)`: the node is written. */
export function isWritten(expression: ts.Expression): boolean {
  let node: ts.Node = outermost(expression);
  let parent = node.parent;
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent))
    return (
      parent.operator === ts.SyntaxKind.PlusPlusToken ||
      parent.operator === ts.SyntaxKind.MinusMinusToken
    );
  if (ts.isDeleteExpression(parent)) return true;
  // A destructuring assignment's target: inside array and object literals on its left.
  while (
    ts.isArrayLiteralExpression(parent) ||
    ts.isObjectLiteralExpression(parent) ||
    ts.isSpreadElement(parent) ||
    ts.isSpreadAssignment(parent) ||
    ts.isShorthandPropertyAssignment(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    isWrapper(parent)
  ) {
    node = parent;
    parent = parent.parent;
  }
  if (ts.isBinaryExpression(parent) && parent.left === node)
    return (
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    );
  return (
    (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === node
  );
}

/** The call an access is the callee of (`x.push(1)`, `x.tag\`\``), if it is one. */
export function calledAccess(
  access: Access,
): ts.CallExpression | ts.TaggedTemplateExpression | undefined {
  const callee = outermost(access);
  const parent = callee.parent;
  if (ts.isCallExpression(parent) && parent.expression === callee) return parent;
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === callee) return parent;
  return undefined;
}

/** The member an access names, when its name is written out. */
export function memberName(access: Access): string | undefined {
  if (ts.isPropertyAccessExpression(access)) return access.name.text;
  const key = access.argumentExpression;
  return ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key) ? key.text : undefined;
}

/** An assertion's argument (`expect(x)`, `expect(y).toEqual(x)`, `expect.objectContaining(x)`) or a reading built-in's. */
export function readsOnly(callee: ts.Expression): boolean {
  let base: ts.Expression = callee;
  for (;;) {
    if (ts.isPropertyAccessExpression(base) || ts.isCallExpression(base)) base = base.expression;
    else if (isWrapper(base)) base = base.expression;
    else break;
  }
  if (ts.isIdentifier(base) && base.text === "expect") return true;
  const name = calleeName(callee);
  return name !== undefined && (READING_CALLS.has(name) || name.startsWith("console."));
}

/** `Object.values(x)`, `Array.from(x)`: the result holds x's members. */
export function handsOn(callee: ts.Expression): boolean {
  const name = calleeName(callee);
  return name !== undefined && HANDING_CALLS.has(name);
}

/** `Object.assign(x, ...)`, `Object.defineProperty(x, ...)`, `vi.spyOn(x, ...)`: x's properties change. */
export function writesProperties(callee: ts.Expression): boolean {
  const name = calleeName(callee);
  return name !== undefined && PROPERTY_WRITERS.has(name);
}

/** `name` or `object.name`, as written. */
function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression))
    return `${callee.expression.text}.${callee.name.text}`;
  return undefined;
}

/** A use in a type (`typeof x` in an annotation, `implements X`): no code runs it. */
export function isTypeUse(identifier: ts.Identifier): boolean {
  let node: ts.Node = identifier;
  while (ts.isQualifiedName(node.parent) || ts.isPropertyAccessExpression(node.parent))
    node = node.parent;
  const parent = node.parent;
  if (ts.isTypeQueryNode(parent)) return true;
  return (
    ts.isExpressionWithTypeArguments(parent) &&
    ts.isHeritageClause(parent.parent) &&
    (parent.parent.token === ts.SyntaxKind.ImplementsKeyword ||
      ts.isInterfaceDeclaration(parent.parent.parent))
  );
}

function isCallee(parent: ts.Node, node: ts.Expression): boolean {
  return (
    ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === node) ||
    (ts.isTaggedTemplateExpression(parent) && parent.tag === node)
  );
}

function binaryContext(parent: ts.BinaryExpression, node: ts.Expression): UseContext {
  const operator = parent.operatorToken.kind;
  const { EqualsToken, QuestionQuestionEqualsToken, BarBarEqualsToken } = ts.SyntaxKind;
  if (
    [EqualsToken, QuestionQuestionEqualsToken, BarBarEqualsToken].includes(operator) ||
    operator === ts.SyntaxKind.AmpersandAmpersandEqualsToken
  ) {
    // `alias = x` makes an alias; `other.p = x` stores it where other code reaches it.
    const left = parent.left;
    return ts.isIdentifier(left) ? { kind: "alias", names: [left], exported: false } : ESCAPES;
  }
  if (
    operator === ts.SyntaxKind.AmpersandAmpersandToken ||
    operator === ts.SyntaxKind.BarBarToken ||
    operator === ts.SyntaxKind.QuestionQuestionToken ||
    (operator === ts.SyntaxKind.CommaToken && parent.right === node)
  )
    return { kind: "within", container: parent };
  return READ; // compared, computed with, tested with `in` or `instanceof`
}

/** `const a = x`, `for (const a of x)`, a default value: a binding that holds x (or its parts). */
function aliasContext(parent: ts.Node, node: ts.Expression): UseContext | undefined {
  if (ts.isVariableDeclaration(parent) && parent.initializer === node)
    return {
      kind: "alias",
      names: bindingIdentifiers(parent.name),
      exported: (ts.getCombinedModifierFlags(parent) & ts.ModifierFlags.Export) !== 0,
    };
  if ((ts.isBindingElement(parent) || ts.isParameter(parent)) && parent.initializer === node)
    return { kind: "alias", names: bindingIdentifiers(parent.name), exported: false };
  if (ts.isForOfStatement(parent) && parent.expression === node) {
    const list = parent.initializer;
    if (!ts.isVariableDeclarationList(list)) return ESCAPES;
    return {
      kind: "alias",
      names: list.declarations.flatMap((d) => bindingIdentifiers(d.name)),
      exported: false,
    };
  }
  return undefined;
}

/** Where no other rule applies: read, exported, extended, or left for other code. */
function otherContext(parent: ts.Node): UseContext {
  if (ts.isExportAssignment(parent) || ts.isExportSpecifier(parent)) return { kind: "exported" };
  if (ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent))
    return { kind: "extended" };
  if (ts.isTemplateSpan(parent))
    return ts.isTaggedTemplateExpression(parent.parent.parent) ? ESCAPES : READ;
  if (
    ts.isExpressionStatement(parent) ||
    ts.isPrefixUnaryExpression(parent) ||
    ts.isTypeOfExpression(parent) ||
    ts.isVoidExpression(parent) ||
    ts.isIfStatement(parent) ||
    ts.isWhileStatement(parent) ||
    ts.isDoStatement(parent) ||
    ts.isForStatement(parent) ||
    ts.isForInStatement(parent) ||
    ts.isSwitchStatement(parent) ||
    ts.isCaseClause(parent) ||
    ts.isElementAccessExpression(parent) || // as the key
    ts.isComputedPropertyName(parent) ||
    ts.isTypeQueryNode(parent)
  )
    return READ;
  // Returned, thrown, yielded, awaited (a thenable), stored in a field, given to JSX: other
  // code holds it now.
  return ESCAPES;
}

/** A `this` in `body` that is the value or part of it, with whether it is the value itself. */
export interface ThisUse {
  readonly node: ts.Expression;
  readonly root: boolean;
}

/**
 * The `this` of the methods of the object literals in `body` and of the static members of its
 * classes (the class object), and `this.constructor` in their instance members: what calling
 * those methods can change is found there, so the calls themselves change nothing.
 */
export function thisUses(body: ts.Node | undefined, value: ts.Node | undefined): ThisUse[] {
  if (body === undefined) return [];
  const found: ThisUse[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.ThisKeyword) {
      const owner = thisOwner(node);
      if (owner !== undefined && owner.node.pos >= body.pos && owner.node.end <= body.end) {
        const root = owner.node === value;
        const parent = node.parent;
        if (!owner.instance) found.push({ node: node as ts.Expression, root });
        else if (ts.isPropertyAccessExpression(parent) && parent.name.text === "constructor")
          found.push({ node: parent, root });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** `this` (or `super`) that is a class object itself: in a static block, member or field. */
export function isStaticThis(node: ts.Node): boolean {
  const owner = thisOwner(node);
  return owner !== undefined && ts.isClassLike(owner.node) && !owner.instance;
}

/** The object literal or class a `this` belongs to, and whether it is one of the class's instances. */
function thisOwner(node: ts.Node): { node: ts.Node; instance: boolean } | undefined {
  for (let current = node.parent; !ts.isSourceFile(current); current = current.parent) {
    if (ts.isComputedPropertyName(current) || ts.isDecorator(current)) {
      // Evaluated around the literal or class: its `this` is the enclosing code's.
      while (!ts.isObjectLiteralExpression(current) && !ts.isClassLike(current))
        current = current.parent;
      continue;
    }
    const owner = current.parent;
    const instance = !hasModifier(current, ts.SyntaxKind.StaticKeyword);
    if (ts.isClassStaticBlockDeclaration(current)) return { node: owner, instance: false };
    if (ts.isPropertyDeclaration(current) || ts.isConstructorDeclaration(current))
      return { node: owner, instance: instance || ts.isConstructorDeclaration(current) };
    if (ts.isMethodDeclaration(current) || ts.isAccessor(current)) {
      if (ts.isObjectLiteralExpression(owner)) return { node: owner, instance: false };
      return ts.isClassLike(owner) ? { node: owner, instance } : undefined;
    }
    if (ts.isFunctionExpression(current))
      return ts.isPropertyAssignment(owner) && ts.isObjectLiteralExpression(owner.parent)
        ? { node: owner.parent, instance: false }
        : undefined;
    if (ts.isFunctionDeclaration(current)) return undefined;
    // Arrow functions and every other node: `this` is the enclosing code's.
  }
  return undefined;
}

/** A declaration of an object literal's method, or of a class's static one: `thisUses` follows it. */
export function isFollowedMethod(declaration: ts.Declaration): boolean {
  const owner = declaration.parent;
  if (ts.isMethodDeclaration(declaration) || ts.isAccessor(declaration))
    return (
      ts.isObjectLiteralExpression(owner) ||
      (ts.isClassLike(owner) && hasModifier(declaration, ts.SyntaxKind.StaticKeyword))
    );
  return (
    ts.isPropertyAssignment(declaration) &&
    ts.isObjectLiteralExpression(owner) &&
    isFunctionLike(declaration.initializer)
  );
}
