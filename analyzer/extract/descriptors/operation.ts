// defineCommand / defineQuery({ id, input, output, errors, permissions, effects, emits,
// invariants, execute }).
import type { ts } from "../../project/ts-morph.js";
import { evaluateJson } from "../../schema-projection/evaluate.js";
import type { EventModel, OperationModel, PortOperationModel } from "../model.js";
import { listedDescriptors, type DescriptorReader, type ReadContext } from "./read-context.js";
import { bindingName, spanNode } from "./sites.js";
import { typedPortOperation } from "./typed-fallbacks.js";

type Definition = ts.ObjectLiteralExpression;

export const operationReader: DescriptorReader<"operation"> = {
  kind: "operation",
  read(call, context) {
    const { literals, slots, sites, models } = context;
    const identified = literals.identified(call.node, `${call.api}(...)`);
    if (!identified) return null;
    const { definition, id } = identified;
    const kind = call.api === "defineQuery" ? "query" : "command";
    const what = `${kind} "${id}"`;
    const permissions = permissionsOf(definition, what, context);
    const effects = effectsOf(definition, what, context);
    const emits = emitsOf(definition, what, context);
    const invariants = listedDescriptors(
      context,
      definition,
      "invariants",
      "invariant",
      `the invariants of ${what}`,
    );
    const model: OperationModel = {
      id,
      kind,
      binding: bindingName(call.node),
      site: sites.site(spanNode(call.node))!,
      call: call.node,
      description: literals.optionalString(definition, "description"),
      input: slots.required(definition, "input", what),
      output: slots.required(definition, "output", what),
      errors: slots.errors(definition, what),
      permissions: [...new Set(permissions)].sort(),
      effects: effects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      emits: emits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      invariants,
      assertions: [],
    };
    for (const effect of effects) effect.operation.usedBy.add(id);
    for (const emit of emits) emit.event.emittedBy.add(id);
    for (const invariant of invariants) invariant.preservedBy.add(id);
    models.operations.push(model);
    return model;
  },
};

function permissionsOf(definition: Definition, what: string, context: ReadContext): string[] {
  const { literals, sites, resolver } = context;
  const permissions: string[] = [];
  const expression = literals.field(definition, "permissions");
  if (!expression) return permissions;
  for (const element of literals.arrayElements(expression, `the permissions of ${what}`)) {
    const value = evaluateJson(element, resolver);
    if (value.ok && typeof value.value === "string") permissions.push(value.value);
    else
      sites.report(
        "permission",
        element,
        `a permission of ${what} is not a literal string${value.ok ? "" : `: ${value.reason}`}`,
      );
  }
  return permissions;
}

function effectsOf(
  definition: Definition,
  what: string,
  context: ReadContext,
): { key: string; operation: PortOperationModel }[] {
  const { literals, references } = context;
  const effects: { key: string; operation: PortOperationModel }[] = [];
  const expression = literals.field(definition, "effects");
  if (!expression) return effects;
  for (const entry of literals.objectEntries(expression, `the effects of ${what}`)) {
    const operation = references.refer(
      entry.value,
      "portOperation",
      `effect "${entry.key}" of ${what}`,
      () => typedPortOperation(entry.value, context),
    );
    if (operation) effects.push({ key: entry.key, operation });
  }
  return effects;
}

function emitsOf(
  definition: Definition,
  what: string,
  { literals, references }: ReadContext,
): { key: string; event: EventModel }[] {
  const emits: { key: string; event: EventModel }[] = [];
  const expression = literals.field(definition, "emits");
  if (!expression) return emits;
  for (const entry of literals.objectEntries(expression, `the emits of ${what}`)) {
    const event = references.refer(entry.value, "event", `event "${entry.key}" emitted by ${what}`);
    if (event) emits.push({ key: entry.key, event });
  }
  return emits;
}
