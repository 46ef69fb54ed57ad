// portOperation({ id, kind, input, output, errors }): one operation of a port.
import type { EffectKind } from "../../index-file/types.js";
import { evaluateJson } from "../../schema-projection/evaluate.js";
import type { PortOperationModel } from "../model.js";
import { EFFECT_KINDS } from "./descriptor-kind.js";
import type { DescriptorReader } from "./read-context.js";
import { spanNode } from "./sites.js";

export const portOperationReader: DescriptorReader<"portOperation"> = {
  kind: "portOperation",
  read(call, { literals, slots, sites, resolver, models }) {
    const identified = literals.identified(call.node, "portOperation(...)");
    if (!identified) return null;
    const { definition, id } = identified;
    const what = `port operation "${id}"`;
    const kindExpression = literals.field(definition, "kind");
    let kind: EffectKind = "external";
    const kindValue = kindExpression ? evaluateJson(kindExpression, resolver) : undefined;
    if (kindValue?.ok && typeof kindValue.value === "string" && EFFECT_KINDS.has(kindValue.value)) {
      kind = kindValue.value as EffectKind;
    } else {
      sites.report(
        "id",
        kindExpression ?? definition,
        `the kind of ${what} is not one of read, write, time, random, external${kindValue && !kindValue.ok ? `: ${kindValue.reason}` : ""}; it is taken as "external"`,
      );
    }
    const inputExpression = literals.field(definition, "input");
    const model: PortOperationModel = {
      id,
      kind,
      site: sites.site(spanNode(call.node)),
      input: inputExpression ? slots.slot(inputExpression) : null,
      output: slots.required(definition, "output", what),
      errors: slots.errors(definition, what),
      port: null,
      name: null,
      usedBy: new Set(),
    };
    models.portOperations.push(model);
    return model;
  },
};
