// defineContract({ id, schemas, ports, events }): a feature's public surface.
import type { ContractModel } from "../model.js";
import { listedDescriptors, type DescriptorReader } from "./read-context.js";
import { spanNode } from "./sites.js";

export const contractReader: DescriptorReader<"contract"> = {
  kind: "contract",
  read(call, context) {
    const { literals, sites, models } = context;
    const definition = literals.definition(call.node);
    const site = sites.site(spanNode(call.node))!;
    if (!definition) return { id: null, site, ports: [], events: [] };
    const id = literals.stringField(definition, "id", "id", "defineContract(...)");
    const what = `contract "${id ?? "?"}"`;
    const ports = listedDescriptors(context, definition, "ports", "port", `the ports of ${what}`);
    const events = listedDescriptors(
      context,
      definition,
      "events",
      "event",
      `the events of ${what}`,
    );
    const model: ContractModel = { id, site, ports, events };
    models.contracts.push(model);
    return model;
  },
};
