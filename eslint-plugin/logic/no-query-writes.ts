import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { PortOperationInfo, QueryTypeServices } from "./query-types.js";
import type { LogicInput, RuleLogic } from "./rule-logic.js";
import { staticString } from "./imports/constant-string.js";
import { declaredVariables } from "./scope/global-references.js";
import { ViolationFactory } from "./violation.js";

export const NO_QUERY_WRITES = "agentix/no-query-writes" as const;

/** The package whose `defineQuery` is checked. */
export const RUNTIME_MODULE = "agentix";

export const noQueryWritesMessages = {
  writeEffect:
    'query {{query}} declares effect "{{effect}}" ({{operation}}) of kind "{{kind}}"; a query may only read: move the change into a defineCommand, or use a port operation of kind "read", "time" or "random"',
  emits:
    "query {{query}} declares emits ({{events}}); a query may not emit events: emit them from a defineCommand instead",
} as const;

export type NoQueryWritesMessageId = keyof typeof noQueryWritesMessages;

const violations = new ViolationFactory<NoQueryWritesMessageId>(
  NO_QUERY_WRITES,
  noQueryWritesMessages,
);

/** What the type-aware rule needs on top of the syntactic input. */
export interface QueryLogicInput extends LogicInput {
  readonly types: QueryTypeServices;
}

/** Port operation kinds a query may not declare as effects. */
export const QUERY_FORBIDDEN_KINDS: ReadonlySet<string> = new Set(["write", "external"]);

function keyName(property: TSESTree.Property): string | undefined {
  if (!property.computed && property.key.type === AST_NODE_TYPES.Identifier)
    return property.key.name;
  return staticString(property.key);
}

function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === AST_NODE_TYPES.TSAsExpression ||
    current.type === AST_NODE_TYPES.TSSatisfiesExpression
  ) {
    current = current.expression;
  }
  return current;
}

/** How messages name a query: its literal id, else the variable it is assigned to. */
function queryName(call: TSESTree.CallExpression, options: TSESTree.ObjectExpression): string {
  for (const property of options.properties) {
    if (property.type === AST_NODE_TYPES.Property && keyName(property) === "id") {
      const id = staticString(property.value);
      if (id !== undefined) return `"${id}"`;
    }
  }
  const parent = call.parent;
  if (
    parent?.type === AST_NODE_TYPES.VariableDeclarator &&
    parent.id.type === AST_NODE_TYPES.Identifier
  )
    return parent.id.name;
  return "defineQuery(...)";
}

export const noQueryWritesLogic: RuleLogic<QueryLogicInput> = {
  ruleId: NO_QUERY_WRITES,
  messages: noQueryWritesMessages,
  create(input, report) {
    const { scopeManager, types } = input;

    const reportOperation = (
      query: string,
      effect: string,
      operation: PortOperationInfo,
      node: TSESTree.Node,
    ): void => {
      const kinds = operation.kinds.filter((kind) => QUERY_FORBIDDEN_KINDS.has(kind));
      if (kinds.length === 0) return;
      report(
        violations.create("writeEffect", node.loc, {
          query,
          effect,
          operation:
            operation.id === undefined
              ? "port operation id not statically known"
              : `port operation "${operation.id}"`,
          kind: kinds.join('" or "'),
        }),
      );
    };

    const checkEffects = (query: string, property: TSESTree.Property): void => {
      const value = unwrap(property.value);
      if (value.type !== AST_NODE_TYPES.ObjectExpression) {
        for (const { key, operation } of types.portOperationsOf(value))
          reportOperation(query, key, operation, property);
        return;
      }
      for (const entry of value.properties) {
        if (entry.type === AST_NODE_TYPES.SpreadElement) {
          for (const { key, operation } of types.portOperationsOf(entry.argument))
            reportOperation(query, key, operation, entry);
          continue;
        }
        const operation = types.portOperation(entry.value);
        if (operation) reportOperation(query, keyName(entry) ?? "[computed]", operation, entry);
      }
    };

    const checkEmits = (query: string, property: TSESTree.Property): void => {
      const value = unwrap(property.value);
      let events: readonly string[];
      if (
        value.type === AST_NODE_TYPES.ObjectExpression &&
        value.properties.every((p) => p.type === AST_NODE_TYPES.Property)
      ) {
        events = value.properties.map((p) =>
          p.type === AST_NODE_TYPES.Property ? (keyName(p) ?? "[computed]") : "",
        );
      } else if (value.type === AST_NODE_TYPES.ArrayExpression) {
        events = value.elements.map((_, index) => String(index));
      } else {
        events = types.propertyNames(value);
      }
      if (events.length > 0)
        report(violations.create("emits", property.loc, { query, events: events.join(", ") }));
    };

    const checkCall = (call: TSESTree.CallExpression): void => {
      const argument = call.arguments[0];
      const options = argument ? unwrap(argument) : undefined;
      if (options?.type !== AST_NODE_TYPES.ObjectExpression) return;
      const query = queryName(call, options);
      for (const property of options.properties) {
        if (property.type !== AST_NODE_TYPES.Property) continue;
        const key = keyName(property);
        if (key === "effects") checkEffects(query, property);
        else if (key === "emits") checkEmits(query, property);
      }
    };

    /** Calls through a variable: `defineQuery(...)` or, for a namespace, `ns.defineQuery(...)`. */
    const checkCallsOf = (specifier: TSESTree.ImportClause, namespace: boolean): void => {
      for (const variable of declaredVariables(scopeManager, specifier)) {
        for (const reference of variable.references) {
          let callee: TSESTree.Node = reference.identifier;
          if (namespace) {
            const member = callee.parent;
            if (
              member?.type !== AST_NODE_TYPES.MemberExpression ||
              member.object !== callee ||
              member.computed
            )
              continue;
            if (
              member.property.type !== AST_NODE_TYPES.Identifier ||
              member.property.name !== "defineQuery"
            )
              continue;
            callee = member;
          }
          const call = callee.parent;
          if (call?.type === AST_NODE_TYPES.CallExpression && call.callee === callee)
            checkCall(call);
        }
      }
    };

    return {
      ImportDeclaration(node) {
        if (node.source.value !== RUNTIME_MODULE || node.importKind === "type") return;
        for (const specifier of node.specifiers) {
          if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier)
            checkCallsOf(specifier, true);
          else if (
            specifier.type === AST_NODE_TYPES.ImportSpecifier &&
            specifier.importKind !== "type" &&
            (specifier.imported.type === AST_NODE_TYPES.Identifier
              ? specifier.imported.name
              : specifier.imported.value) === "defineQuery"
          ) {
            checkCallsOf(specifier, false);
          }
        }
      },
    };
  },
};
