// definePort({ id, operations }): a port and the port operations it names.
import type { PortModel, PortOperationModel } from "../model.js";
import type { DescriptorReader } from "./read-context.js";
import { bindingName, spanNode } from "./sites.js";

export const portReader: DescriptorReader<"port"> = {
  kind: "port",
  read(call, { literals, references, sites, models }) {
    const identified = literals.identified(call.node, "definePort(...)");
    if (!identified) return null;
    const { definition, id } = identified;
    const operations: PortOperationModel[] = [];
    const model: PortModel = {
      id,
      origin: "project",
      binding: bindingName(call.node),
      site: sites.site(spanNode(call.node)),
      operations,
      adapters: [],
    };
    const expression = literals.field(definition, "operations");
    if (expression) {
      for (const entry of literals.objectEntries(expression, `the operations of port "${id}"`)) {
        const operation = references.refer(
          entry.value,
          "portOperation",
          `operation "${entry.key}" of port "${id}"`,
        );
        if (!operation) continue;
        if (operation.port && operation.port !== model) {
          models.conflicts.push({ operation, ports: [operation.port, model] });
          continue;
        }
        operation.port = model;
        operation.name = entry.key;
        operations.push(operation);
      }
    }
    models.ports.push(model);
    return model;
  },
};
