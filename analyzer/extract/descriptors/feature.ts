// defineFeature({ id, contract, dependencies, operations, invariants }): a feature's descriptor.
import type { FeatureDescriptorModel } from "../model.js";
import { listedDescriptors, type DescriptorReader } from "./read-context.js";
import { spanNode } from "./sites.js";

export const featureReader: DescriptorReader<"feature"> = {
  kind: "feature",
  read(call, context) {
    const { literals, references, sites, models } = context;
    const definition = literals.definition(call.node);
    const site = sites.site(spanNode(call.node))!;
    if (!definition) {
      return {
        declaredId: null,
        site,
        contract: null,
        dependencies: [],
        operations: [],
        invariants: [],
      };
    }
    const declaredId = literals.stringField(definition, "id", "id", "defineFeature(...)");
    const what = `feature "${declaredId ?? "?"}"`;
    const contractExpression = literals.field(definition, "contract");
    const contract = contractExpression
      ? (references.refer(contractExpression, "contract", `the contract of ${what}`) ?? null)
      : null;
    const model: FeatureDescriptorModel = {
      declaredId,
      site,
      contract,
      dependencies: listedDescriptors(
        context,
        definition,
        "dependencies",
        "contract",
        `the dependencies of ${what}`,
      ),
      operations: listedDescriptors(
        context,
        definition,
        "operations",
        "operation",
        `the operations of ${what}`,
      ),
      invariants: listedDescriptors(
        context,
        definition,
        "invariants",
        "invariant",
        `the invariants of ${what}`,
      ),
    };
    models.features.push(model);
    return model;
  },
};
