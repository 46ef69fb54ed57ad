import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ScopeManager, Variable } from "@typescript-eslint/scope-manager";
import { AMBIENT_CATEGORIES, type AmbientCategory } from "../../schema/load-config.js";
import {
  CAPABILITY_PATHS,
  CAPABILITY_PREFIXES,
  CLOCK_WITHOUT_DATE,
  DATE_CALL,
  DATE_NEW,
  DATE_SUBCLASS,
  FUNCTION_CALL,
  FUNCTION_CONSTRUCTOR,
  FUNCTION_NEW,
  DATE_TIME_FORMAT,
  DATE_TIME_FORMAT_INSTANCE,
  REFLECT,
  GLOBAL_OBJECT_NAMES,
  OPAQUE_MEMBER_ROOTS,
  ROOT_GLOBALS,
  WINDOW_MEMBERS,
  WINDOW_PATHS,
  bannedModuleCategory,
  globalHandedOn,
  moduleRoot,
  unknownMember,
  type Capability,
} from "./ambient/capabilities.js";
import { importSiteVisitors, type ImportSite } from "./imports/import-sites.js";
import { isImportMeta } from "./imports/import-meta.js";
import { constInitializer, constantString, staticString } from "./imports/constant-string.js";
import { layoutFor, type ProjectLayout } from "./project/layout.js";
import { NO_VISITORS, type LogicInput, type LogicVisitors, type RuleLogic } from "./rule-logic.js";
import { withoutCasts } from "./query-types.js";
import {
  declaredVariables,
  globalReferences,
  isValueUse,
  usedOnlyAsTypes,
  variableOf,
} from "./scope/global-references.js";
import { ViolationFactory } from "./violation.js";

export const NO_AMBIENT_CAPABILITIES = "agentix/no-ambient-capabilities" as const;

const THROUGH_A_PORT =
  "in a contract, implement it in an adapter, and call it through effects instead";

const categoryMessages = {
  network: `{{capability}} reaches the network ambiently in a domain file; declare a port operation of kind "external" ${THROUGH_A_PORT}`,
  environment:
    "{{capability}} reads the environment ambiently in a domain file; read configuration in the composition root and hand it to an adapter (or declare a port for it), then call it through effects instead",
  clock:
    "{{capability}} reads the clock ambiently in a domain file; declare the Clock.now effect and call effects.now() instead",
  randomness:
    '{{capability}} draws randomness ambiently in a domain file; declare the Ids.next effect (or a port operation of kind "random") and call effects.nextId() instead',
  filesystem: `{{capability}} touches the filesystem ambiently in a domain file; declare a port operation of kind "read" or "write" ${THROUGH_A_PORT}`,
  process: `{{capability}} controls processes ambiently in a domain file; declare a port operation of kind "external" ${THROUGH_A_PORT}`,
  database: `{{capability}} reaches a database ambiently in a domain file; declare a port operation of kind "read" or "write" ${THROUGH_A_PORT}`,
} as const satisfies Record<AmbientCategory, string>;

/** How a transitive report says what the shared code does (`reads process.env`). */
export const AMBIENT_VERBS = {
  network: "reaches the network with",
  environment: "reads",
  clock: "reads the clock with",
  randomness: "draws randomness with",
  filesystem: "touches the filesystem with",
  process: "controls processes with",
  database: "reaches a database with",
} as const satisfies Record<AmbientCategory, string>;

export const noAmbientCapabilitiesMessages = {
  ...categoryMessages,
  // A timer reads no time, so "call effects.now()" does not replace it.
  timer:
    '{{capability}} schedules work on the clock ambiently in a domain file; an operation answers when it returns: schedule from an adapter or the composition root (a port operation of kind "external" the operation calls through effects), or take a Clock effect\'s time and compare it instead',
  // The browser's storage is allowed with the database category.
  storage: `{{capability}} reaches the browser's storage ambiently in a domain file; declare a port operation of kind "read" or "write" ${THROUGH_A_PORT}`,
  // What may be any capability: no category's allow list can tell, so every one must allow it.
  unknownMember:
    "{{capability}} reads a member by a name agentix cannot tell in a domain file, and it may be an ambient capability (fetch, process.env, Date.now(), ...); read the member by its name (a string literal or a const), or declare an effect instead",
  globalHandedOn:
    "the global object ({{capability}}) is handed on whole in a domain file, where agentix cannot follow what it reaches (fetch, process.env, Date.now(), ...); read the globals you need by name, or declare an effect instead",
  // Reported by `agentix check` only: the rule sees one file, the analyzer follows imports.
  transitive:
    "imports {{chain}}; a domain file may not reach ambient capabilities through shared code or an adapter either: declare an effect instead, or allow the capability for that file in agentix.config.json",
} as const;

export type NoAmbientCapabilitiesMessageId = keyof typeof noAmbientCapabilitiesMessages;

/** The message a capability is reported with: its kind's, else its category's. */
function messageIdOf(capability: Capability): NoAmbientCapabilitiesMessageId {
  switch (capability.kind) {
    case "timer":
      return "timer";
    case "storage":
      return "storage";
    case "unknown-member":
      return "unknownMember";
    case "global-handed-on":
      return "globalHandedOn";
    default:
      return capability.category;
  }
}

/**
 * Whether `file` is checked for `capability`: its category is checked there; one of "any"
 * category (it may be any) unless every category is allowed there.
 */
export function checksCapability(
  layout: ProjectLayout,
  capability: Capability,
  file: string,
): boolean {
  const category = capability.category;
  return category === "any"
    ? AMBIENT_CATEGORIES.some((each) => layout.checksAmbient(each, file))
    : layout.checksAmbient(category, file);
}

/** What a transitive report says the shared code does: `reads process.env` (then "at line 7"). */
export function reachText(use: AmbientUse): string {
  const { capability, label } = use;
  switch (capability.kind) {
    case "unknown-member":
      return `reads ${label}, a member agentix cannot name,`;
    case "global-handed-on":
      return `hands on the global object (${label})`;
    case "storage":
      return `reaches the browser's storage with ${label}`;
    // A timer reads no time: it waits on the clock (the direct report's "schedules work").
    case "timer":
      return `schedules work on the clock with ${label}`;
    default:
      return `${AMBIENT_VERBS[capability.category]} ${label}`;
  }
}

export const ambientViolations = new ViolationFactory<NoAmbientCapabilitiesMessageId>(
  NO_AMBIENT_CAPABILITIES,
  noAmbientCapabilitiesMessages,
);

/** Where an access path started: a module specifier names module members in messages. */
interface Origin {
  readonly specifier?: string;
}

function childPath(path: string, name: string): string {
  if (path === "") return GLOBAL_OBJECT_NAMES.has(name) || WINDOW_MEMBERS.has(name) ? "" : name;
  const child = `${path}.${name}`;
  return WINDOW_PATHS.has(child) ? "" : child;
}

/**
 * The static name of a member access: `a.b`, `a["b"]`, ``a[`b`]``, and with the scope manager
 * `a[k]` for a `const k = "b"` of the file.
 */
function memberName(
  node: TSESTree.MemberExpression,
  scopeManager?: ScopeManager,
): string | undefined {
  if (!node.computed)
    return node.property.type === AST_NODE_TYPES.Identifier ? node.property.name : undefined;
  return scopeManager === undefined
    ? staticString(node.property)
    : constantString(node.property, scopeManager);
}

function propertyName(property: TSESTree.Property, scopeManager: ScopeManager): string | undefined {
  if (!property.computed && property.key.type === AST_NODE_TYPES.Identifier)
    return property.key.name;
  return property.computed
    ? constantString(property.key, scopeManager)
    : staticString(property.key);
}

/** A node's shape without its text (a caller that gave no source): `globalThis[…]`, `Reflect.get(…)`. */
function outline(node: TSESTree.Node): string {
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      return node.name;
    case AST_NODE_TYPES.MemberExpression:
      return !node.computed && node.property.type === AST_NODE_TYPES.Identifier
        ? `${outline(node.object)}.${node.property.name}`
        : `${outline(node.object)}[…]`;
    case AST_NODE_TYPES.CallExpression:
      return `${outline(node.callee)}(…)`;
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
    case AST_NODE_TYPES.ChainExpression:
      return outline(node.expression);
    default:
      return "…";
  }
}

/**
 * Where the global object is used without reading a member: `typeof g`, `g === x`, `"x" in g`,
 * `if (g)` (a member expression, a conditional's test and the like are judged before).
 */
const READS_NO_MEMBER: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.UnaryExpression,
  AST_NODE_TYPES.BinaryExpression,
  AST_NODE_TYPES.ExpressionStatement,
  AST_NODE_TYPES.IfStatement,
  AST_NODE_TYPES.WhileStatement,
  AST_NODE_TYPES.DoWhileStatement,
  AST_NODE_TYPES.ForStatement,
  AST_NODE_TYPES.SwitchStatement,
  AST_NODE_TYPES.SwitchCase,
  AST_NODE_TYPES.TemplateLiteral,
]);

/** `x.constructor` (also `x["constructor"]`): its static member name alone. */
function namesConstructor(node: TSESTree.Node): node is TSESTree.MemberExpression {
  return node.type === AST_NODE_TYPES.MemberExpression && memberName(node) === "constructor";
}

/**
 * Whether `node` is a function's constructor, which is the Function constructor (or its async or
 * generator kin, which run text as well): `(() => {}).constructor`, `(function () {}).constructor`,
 * and `<anything>.constructor.constructor` (a constructor is a function).
 */
function isConstructorOfAFunction(node: TSESTree.MemberExpression): boolean {
  if (!namesConstructor(node)) return false;
  const object = withoutCasts(node.object);
  return (
    object.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    object.type === AST_NODE_TYPES.FunctionExpression ||
    namesConstructor(object)
  );
}

/** Reflect methods that read no member of their target: `Reflect.has(globalThis, "fetch")`. */
const REFLECT_READS_NO_MEMBER: ReadonlySet<string> = new Set([
  "has",
  "ownKeys",
  "isExtensible",
  "preventExtensions",
  "set",
  "defineProperty",
  "deleteProperty",
  "setPrototypeOf",
]);

/** Whether a member is only written or deleted (`globalThis[k] = v`, `delete g[k]`): nothing is read. */
function readsNothing(member: TSESTree.MemberExpression): boolean {
  const parent = member.parent;
  return (
    (parent?.type === AST_NODE_TYPES.AssignmentExpression &&
      parent.left === member &&
      parent.operator === "=") ||
    (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === "delete")
  );
}

/**
 * Whether a computed key cannot be a capability's name, though its value is unknown: a number,
 * or a symbol (`globalThis[Symbol.for("app.db")] ??= connect()`, a singleton's usual home), also
 * through a `const` (`const loads = Symbol.for("loads"); g[loads]`).
 */
function namesNoCapability(
  node: TSESTree.Node | undefined,
  scopeManager: ScopeManager,
  depth = 0,
): boolean {
  if (!node) return false;
  const key = withoutCasts(node);
  switch (key.type) {
    case AST_NODE_TYPES.Literal:
      return typeof key.value !== "string";
    case AST_NODE_TYPES.Identifier:
      return (
        depth < 2 && namesNoCapability(constInitializer(key, scopeManager), scopeManager, depth + 1)
      );
    case AST_NODE_TYPES.CallExpression:
      // Symbol("x"), Symbol.for("x")
      return (
        isSymbol(key.callee) ||
        (key.callee.type === AST_NODE_TYPES.MemberExpression && isSymbol(key.callee.object))
      );
    case AST_NODE_TYPES.MemberExpression:
      // Symbol.iterator, Symbol.asyncDispose
      return isSymbol(key.object);
    default:
      return false;
  }
}

/** The global `Symbol` (by name: a local one named so is as unlikely as harmless here). */
const isSymbol = (node: TSESTree.Node): boolean =>
  node.type === AST_NODE_TYPES.Identifier && node.name === "Symbol";

/** `undefined` or `void 0`: `new Date(undefined)` reads the clock like `new Date()`. */
function isUndefinedValue(node: TSESTree.Node | undefined): boolean {
  if (!node) return true;
  if (node.type === AST_NODE_TYPES.Identifier) return node.name === "undefined";
  return node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "void";
}

/** Arguments that carry no date: none, or `undefined`. */
function withoutDate(args: readonly (TSESTree.Node | null)[]): boolean {
  return args.length <= 1 && isUndefinedValue(args[0] ?? undefined);
}

/** The `Reflect.get/apply/construct` call that takes `node` as its target, if any. */
function reflectCallOn(
  node: TSESTree.Node,
  isGlobal: (identifier: TSESTree.Identifier) => boolean,
): { readonly method: string; readonly call: TSESTree.CallExpression } | undefined {
  const call = node.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== node) return undefined;
  const callee = call.callee;
  if (
    callee.type !== AST_NODE_TYPES.MemberExpression ||
    callee.object.type !== AST_NODE_TYPES.Identifier ||
    callee.object.name !== REFLECT ||
    !isGlobal(callee.object)
  )
    return undefined;
  const method = memberName(callee);
  return method === undefined ? undefined : { method, call };
}

/** An ambient capability a file reaches: what, how messages name it, and where. */
export interface AmbientUse {
  readonly capability: Capability;
  readonly label: string;
  readonly loc: TSESTree.SourceLocation;
}

/** Longest source text a message quotes for an unknown member or the global object handed on. */
const QUOTED_TEXT = 60;

/**
 * Visitors that find every ambient capability a file reaches that `accepts` takes, in any file
 * (the rule asks only in domain files; the analyzer also in the shared code they import).
 */
export function ambientUseVisitors(
  input: LogicInput,
  accepts: (capability: Capability) => boolean,
  found: (use: AmbientUse) => void,
): LogicVisitors {
  const { scopeManager, sourceText } = input;

  /**
   * A node's source text on one line, cut to QUOTED_TEXT characters: how messages quote it
   * (ESLint and `check` give the text; a caller that gives none gets the node's outline).
   */
  const quoted = (node: TSESTree.Node): string => {
    const [start, end] = node.range;
    // A node may span a megabyte: only the start of it is read.
    const cut = Math.min(end, start + QUOTED_TEXT * 16);
    const text =
      sourceText === undefined ? outline(node) : sourceText.slice(start, cut).replace(/\s+/gu, " ");
    return text.length > QUOTED_TEXT || (sourceText !== undefined && cut < end)
      ? `${text.slice(0, QUOTED_TEXT - 1)}…`
      : text;
  };
  const reported = new Set<string>();
  const followed = new Set<Variable>();

  const emit = (
    capability: Capability,
    node: TSESTree.Node,
    origin: Origin,
    path?: string,
  ): void => {
    if (!accepts(capability)) return;
    const key = `${node.range[0]}:${node.range[1]}`;
    if (reported.has(key)) return;
    reported.add(key);
    const label =
      path?.startsWith("module:") && origin.specifier !== undefined
        ? `${capability.label} from "${origin.specifier}"`
        : capability.label;
    found({ capability, label, loc: node.loc });
  };

  let globalReflect: ReadonlySet<TSESTree.Node> | undefined;
  const isGlobalReflect = (identifier: TSESTree.Identifier): boolean => {
    globalReflect ??= new Set(
      globalReferences(scopeManager, new Set([REFLECT])).map((r) => r.identifier),
    );
    return globalReflect.has(identifier);
  };

  /** `Reflect.get(value, "name")` is `value.name`; `Reflect.apply(Date)` calls it. */
  const followReflect = (node: TSESTree.Node, path: string, origin: Origin): boolean => {
    const reflect = reflectCallOn(node, isGlobalReflect);
    if (!reflect) return false;
    const { method, call } = reflect;
    if (method === "get") {
      const name = constantString(call.arguments[1], scopeManager);
      if (name !== undefined) follow(call, childPath(path, name), origin);
      else if (OPAQUE_MEMBER_ROOTS.has(path) && !namesNoCapability(call.arguments[1], scopeManager))
        emit(unknownMember(quoted(call)), call, origin);
    } else if (path === "" && !REFLECT_READS_NO_MEMBER.has(method))
      // Reflect.getOwnPropertyDescriptor(globalThis, "fetch").value: the global object handed on.
      emit(globalHandedOn(quoted(node)), node, origin);
    else if (path === FUNCTION_CONSTRUCTOR && (method === "apply" || method === "construct"))
      emit(method === "apply" ? FUNCTION_CALL : FUNCTION_NEW, call, origin);
    else if (path === "Date" && method === "apply") emit(DATE_CALL, call, origin);
    else if (path === "Date" && method === "construct") {
      const list = call.arguments[1];
      if (list?.type === AST_NODE_TYPES.ArrayExpression && withoutDate(list.elements))
        emit(DATE_NEW, call, origin);
    }
    return true;
  };

  /** Calls and `new` of the value at `path` (`Date()`, `new Date()`, `Intl.DateTimeFormat().format()`). */
  const followCall = (
    call: TSESTree.CallExpression | TSESTree.NewExpression,
    path: string,
    origin: Origin,
  ): void => {
    if (path === FUNCTION_CONSTRUCTOR)
      emit(
        call.type === AST_NODE_TYPES.CallExpression ? FUNCTION_CALL : FUNCTION_NEW,
        call,
        origin,
      );
    else if (path === "Date") {
      if (call.type === AST_NODE_TYPES.CallExpression) emit(DATE_CALL, call, origin);
      else if (withoutDate(call.arguments)) emit(DATE_NEW, call, origin);
    } else if (path === DATE_TIME_FORMAT) follow(call, DATE_TIME_FORMAT_INSTANCE, origin);
    else {
      const clock = CLOCK_WITHOUT_DATE.get(path);
      if (clock && call.type === AST_NODE_TYPES.CallExpression && withoutDate(call.arguments))
        emit(clock, call, origin);
    }
  };

  /** `node` evaluates to the value at `path`: report it if that is a capability, else follow its uses. */
  const follow = (node: TSESTree.Node, path: string, origin: Origin): void => {
    const capability = CAPABILITY_PATHS.get(path);
    if (capability) {
      emit(capability, node, origin, path);
      return;
    }
    if (path !== "" && !CAPABILITY_PREFIXES.has(path)) return;
    const parent = node.parent;
    if (!parent) return;
    if (followReflect(node, path, origin)) return;
    switch (parent.type) {
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
      case AST_NODE_TYPES.ChainExpression:
      case AST_NODE_TYPES.AwaitExpression:
        follow(parent, path, origin);
        return;
      case AST_NODE_TYPES.LogicalExpression:
        follow(parent, path, origin);
        return;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test !== node) follow(parent, path, origin);
        return;
      case AST_NODE_TYPES.SequenceExpression:
        // `(0, Math).random()`: the last expression is the sequence's value; the others are dropped.
        if (parent.expressions.at(-1) === node) follow(parent, path, origin);
        return;
      case AST_NODE_TYPES.MemberExpression: {
        if (parent.object !== node) return;
        const name = memberName(parent, scopeManager);
        if (name !== undefined) follow(parent, childPath(path, name), origin);
        // `globalThis[name]`, `process[key]`: may be any member; written (`= x`), none is read.
        else if (
          OPAQUE_MEMBER_ROOTS.has(path) &&
          !readsNothing(parent) &&
          !namesNoCapability(parent.property, scopeManager)
        )
          emit(unknownMember(quoted(parent)), parent, origin);
        return;
      }
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression:
        if (parent.callee === node) followCall(parent, path, origin);
        else if (path === "") emit(globalHandedOn(quoted(node)), node, origin);
        return;
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.ClassExpression:
        // `class Stamp extends Date {}`: constructed without arguments, it reads the clock.
        if (parent.superClass === node && path === "Date") emit(DATE_SUBCLASS, node, origin);
        return;
      case AST_NODE_TYPES.AssignmentPattern:
        // a default parameter or destructuring default: `function f(g = globalThis)`
        if (parent.right === node) bind(parent.left, path, origin);
        return;
      case AST_NODE_TYPES.VariableDeclarator:
        if (parent.init === node) bind(parent.id, path, origin);
        return;
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === node && parent.operator === "=") bind(parent.left, path, origin);
        else if (parent.right === node && path === "")
          emit(globalHandedOn(quoted(node)), node, origin); // `g ??= globalThis`
        return;
      default:
        // The global object anywhere else is handed on (an argument, an element, a property,
        // returned, spread), unless its use reads no member (`typeof`, `===`, `"x" in`).
        if (path === "" && !READS_NO_MEMBER.has(parent.type))
          emit(globalHandedOn(quoted(node)), node, origin);
        return;
    }
  };

  /** Follows every read of the variables a pattern binds to the value at `path`. */
  const bind = (pattern: TSESTree.Node, path: string, origin: Origin): void => {
    switch (pattern.type) {
      case AST_NODE_TYPES.Identifier: {
        const variable = variableOf(scopeManager, pattern);
        if (variable) followVariable(variable, path, origin);
        return;
      }
      case AST_NODE_TYPES.AssignmentPattern:
        bind(pattern.left, path, origin);
        return;
      case AST_NODE_TYPES.ObjectPattern:
        for (const property of pattern.properties) {
          if (property.type === AST_NODE_TYPES.RestElement) {
            bind(property.argument, path, origin);
            continue;
          }
          const name = propertyName(property, scopeManager);
          if (name === undefined) {
            // `const { [key]: f } = globalThis`
            if (OPAQUE_MEMBER_ROOTS.has(path) && !namesNoCapability(property.key, scopeManager))
              emit(unknownMember(quoted(property)), property, origin);
            continue;
          }
          const child = childPath(path, name);
          const capability = CAPABILITY_PATHS.get(child);
          if (capability) emit(capability, property, origin, child);
          else if (child === "" || CAPABILITY_PREFIXES.has(child))
            bind(property.value, child, origin);
        }
        return;
      default:
        // `this.g = globalThis`, `const [g] = ...`: an alias no one follows.
        if (path === "") emit(globalHandedOn(quoted(pattern)), pattern, origin);
        return;
    }
  };

  const followVariable = (variable: Variable, path: string, origin: Origin): void => {
    if (followed.has(variable)) return;
    followed.add(variable);
    for (const reference of variable.references) {
      if (
        isValueUse(reference) &&
        reference.isRead() &&
        !(variable.identifiers as readonly TSESTree.Node[]).includes(reference.identifier)
      ) {
        follow(reference.identifier, path, origin);
      }
    }
  };

  const onImport = (site: ImportSite): void => {
    const specifier = site.specifier;
    if (site.typeOnly || specifier === undefined) return;
    const category = bannedModuleCategory(specifier);
    if (category) {
      // Only types cross when every binding is used as a type (an injected `Knex` instance).
      const holder = site.node.parent;
      if (site.form === "import" && holder && usedOnlyAsTypes(scopeManager, holder)) return;
      emit({ category, label: `the "${specifier}" module` }, site.node, {});
      return;
    }
    const root = moduleRoot(specifier);
    if (root === undefined) return;
    const origin = { specifier };
    const holder = site.node.parent;
    if (!holder) return;
    switch (site.form) {
      case "import":
        if (holder.type !== AST_NODE_TYPES.ImportDeclaration) return;
        for (const specifierNode of holder.specifiers) {
          if (specifierNode.type === AST_NODE_TYPES.ImportSpecifier) {
            if (specifierNode.importKind === "type") continue;
            const imported = specifierNode.imported;
            const child = childPath(
              root,
              imported.type === AST_NODE_TYPES.Identifier ? imported.name : imported.value,
            );
            const capability = CAPABILITY_PATHS.get(child);
            if (capability) {
              emit(capability, specifierNode, origin, child);
              continue;
            }
            if (!CAPABILITY_PREFIXES.has(child)) continue;
            for (const variable of declaredVariables(scopeManager, specifierNode))
              followVariable(variable, child, origin);
          } else {
            for (const variable of declaredVariables(scopeManager, specifierNode))
              followVariable(variable, root, origin);
          }
        }
        return;
      case "export-from":
        if (holder.type !== AST_NODE_TYPES.ExportNamedDeclaration || holder.exportKind === "type")
          return;
        for (const specifierNode of holder.specifiers) {
          if (specifierNode.exportKind === "type") continue;
          const local = specifierNode.local;
          const child = childPath(
            root,
            local.type === AST_NODE_TYPES.Identifier ? local.name : local.value,
          );
          const capability = CAPABILITY_PATHS.get(child);
          if (capability) emit(capability, specifierNode, origin, child);
        }
        return;
      case "dynamic-import":
      case "require":
        follow(holder, root, origin);
        return;
      case "import-equals": {
        const declaration = holder.parent;
        if (declaration?.type === AST_NODE_TYPES.TSImportEqualsDeclaration) {
          for (const variable of declaredVariables(scopeManager, declaration))
            followVariable(variable, root, origin);
        }
        return;
      }
      default:
        return;
    }
  };

  const imports = importSiteVisitors(
    scopeManager,
    onImport,
    input.literalStrings,
    input.sourceText,
  );
  return {
    ...imports,
    MetaProperty(node: TSESTree.MetaProperty) {
      if (isImportMeta(node)) follow(node, "import.meta", {});
    },
    MemberExpression(node: TSESTree.MemberExpression) {
      // The Function constructor without its name: a function's `constructor`
      // (`(() => {}).constructor`), or any value's `constructor.constructor` (`[].constructor.constructor`).
      if (isConstructorOfAFunction(node)) follow(node, FUNCTION_CONSTRUCTOR, {});
    },
    "Program:exit"() {
      imports["Program:exit"]();
      for (const reference of globalReferences(scopeManager, ROOT_GLOBALS)) {
        const name = reference.identifier.name;
        follow(reference.identifier, GLOBAL_OBJECT_NAMES.has(name) ? "" : name, {});
      }
    },
  };
}

export const noAmbientCapabilitiesLogic: RuleLogic = {
  ruleId: NO_AMBIENT_CAPABILITIES,
  messages: noAmbientCapabilitiesMessages,
  create(input: LogicInput, report) {
    const { filename } = input;
    const layout = layoutFor(input.config);
    if (!layout.isDomainFile(filename)) return NO_VISITORS;
    return ambientUseVisitors(
      input,
      (capability) => checksCapability(layout, capability, filename),
      (use) =>
        report(
          ambientViolations.create(messageIdOf(use.capability), use.loc, {
            capability: use.label,
          }),
        ),
    );
  },
  // Only domain files are checked, and those lie in features: a folder outside has nothing.
  lean: ({ dir, config }) => (layoutFor(config).featureOfFolder(dir) ? undefined : NO_VISITORS),
};
