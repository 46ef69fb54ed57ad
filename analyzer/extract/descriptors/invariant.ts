// defineInvariant({ id, description, dependsOn, evidence, check }).
import type { InvariantModel } from "../model.js";
import { listedDescriptors, type DescriptorReader } from "./read-context.js";
import { bindingName, spanNode } from "./sites.js";

export const invariantReader: DescriptorReader<"invariant"> = {
  kind: "invariant",
  read(call, context) {
    const { literals, slots, sites, models } = context;
    const identified = literals.identified(call.node, "defineInvariant(...)");
    if (!identified) return null;
    const { definition, id } = identified;
    const what = `invariant "${id}"`;
    const dependsOn = listedDescriptors(
      context,
      definition,
      "dependsOn",
      "contract",
      `the dependsOn of ${what}`,
    );
    const model: InvariantModel = {
      id,
      binding: bindingName(call.node),
      site: sites.site(spanNode(call.node))!,
      description: literals.optionalString(definition, "description"),
      dependsOn,
      evidence: slots.required(definition, "evidence", what),
      preservedBy: new Set(),
      assertions: [],
    };
    models.invariants.push(model);
    return model;
  },
};
