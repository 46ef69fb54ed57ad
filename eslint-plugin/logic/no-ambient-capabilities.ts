import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ScopeManager, Variable } from "@typescript-eslint/scope-manager";
import type { AmbientCategory } from "../../schema/load-config.js";
import {
  CAPABILITY_PATHS,
  CAPABILITY_PREFIXES,
  CLOCK_WITHOUT_DATE,
  DATE_CALL,
  DATE_NEW,
  FUNCTION_CALL,
  FUNCTION_CONSTRUCTOR,
  FUNCTION_NEW,
  DATE_TIME_FORMAT,
  DATE_TIME_FORMAT_INSTANCE,
  REFLECT,
  GLOBAL_OBJECT_NAMES,
  ROOT_GLOBALS,
  bannedModuleCategory,
  moduleRoot,
  type Capability,
} from "./ambient/capabilities.js";
import { importSiteVisitors, type ImportSite } from "./imports/import-sites.js";
import { constantString, staticString } from "./imports/constant-string.js";
import { layoutFor } from "./project/layout.js";
import { NO_VISITORS, type LogicInput, type LogicVisitors, type RuleLogic } from "./rule-logic.js";
import {
  declaredVariables,
  globalReferences,
  isInTypeQuery,
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
  // Reported by `agentix check` only: the rule sees one file, the analyzer follows imports.
  transitive:
    "imports {{chain}}; a domain file may not reach ambient capabilities through shared code or an adapter either: declare an effect instead, or allow the capability for that file in agentix.config.json",
} as const;

export type NoAmbientCapabilitiesMessageId = keyof typeof noAmbientCapabilitiesMessages;

export const ambientViolations = new ViolationFactory<NoAmbientCapabilitiesMessageId>(
  NO_AMBIENT_CAPABILITIES,
  noAmbientCapabilitiesMessages,
);

/** Where an access path started: a module specifier names module members in messages. */
interface Origin {
  readonly specifier?: string;
}

function childPath(path: string, name: string): string {
  if (path === "") return GLOBAL_OBJECT_NAMES.has(name) ? "" : name;
  return `${path}.${name}`;
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

function propertyName(property: TSESTree.Property): string | undefined {
  if (!property.computed && property.key.type === AST_NODE_TYPES.Identifier)
    return property.key.name;
  return staticString(property.key);
}

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

/**
 * Visitors that find every ambient capability a file reaches whose category `accepts` takes,
 * in any file (the rule asks only in domain files; the analyzer also in the shared code they
 * import).
 */
export function ambientUseVisitors(
  input: LogicInput,
  accepts: (category: AmbientCategory) => boolean,
  found: (use: AmbientUse) => void,
): LogicVisitors {
  const { scopeManager } = input;
  const reported = new Set<string>();
  const followed = new Set<Variable>();

  const emit = (
    capability: Capability,
    node: TSESTree.Node,
    origin: Origin,
    path?: string,
  ): void => {
    if (!accepts(capability.category)) return;
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
      const name = staticString(call.arguments[1]);
      if (name !== undefined) follow(call, childPath(path, name), origin);
    } else if (path === FUNCTION_CONSTRUCTOR && (method === "apply" || method === "construct"))
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
      case AST_NODE_TYPES.MemberExpression: {
        if (parent.object !== node) return;
        const name = memberName(parent, scopeManager);
        if (name !== undefined) follow(parent, childPath(path, name), origin);
        return;
      }
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression:
        if (parent.callee === node) followCall(parent, path, origin);
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
        return;
      default:
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
          const name = propertyName(property);
          if (name === undefined) continue;
          const child = childPath(path, name);
          const capability = CAPABILITY_PATHS.get(child);
          if (capability) emit(capability, property, origin, child);
          else if (child === "" || CAPABILITY_PREFIXES.has(child))
            bind(property.value, child, origin);
        }
        return;
      default:
        return;
    }
  };

  const followVariable = (variable: Variable, path: string, origin: Origin): void => {
    if (followed.has(variable)) return;
    followed.add(variable);
    for (const reference of variable.references) {
      if (
        reference.isValueReference &&
        reference.isRead() &&
        !isInTypeQuery(reference.identifier) &&
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
      if (node.meta.name === "import" && node.property.name === "meta")
        follow(node, "import.meta", {});
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
      (category) => layout.checksAmbient(category, filename),
      (use) =>
        report(
          ambientViolations.create(
            use.capability.timer ? "timer" : use.capability.category,
            use.loc,
            { capability: use.label },
          ),
        ),
    );
  },
  // Only domain files are checked, and those lie in features: a folder outside has nothing.
  lean: ({ dir, config }) => (layoutFor(config).featureOfFolder(dir) ? undefined : NO_VISITORS),
};
