// implementPort(Port, { ...handlers }, { name }): an adapter of a port.
import { evaluateJson } from "../../schema-projection/evaluate.js";
import type { AdapterModel } from "../model.js";
import type { DescriptorReader } from "./read-context.js";
import { bindingName, spanNode } from "./sites.js";

export const adapterReader: DescriptorReader<"adapter"> = {
  kind: "adapter",
  read(call, { literals, references, sites, resolver, models }) {
    const portExpression = call.node.arguments[0];
    if (!portExpression) {
      sites.report("reference", call.node, "implementPort(...) has no port");
      return null;
    }
    const port = references.refer(portExpression, "port", "implementPort");
    if (!port) return null;
    const handlersExpression = call.node.arguments[1];
    const handlers = handlersExpression
      ? literals.memberKeys(handlersExpression, `the handlers of an adapter of port "${port.id}"`)
      : [];
    let name: string | null = null;
    const options = call.node.arguments[2];
    if (options) {
      const value = evaluateJson(options, resolver);
      if (
        value.ok &&
        value.value !== null &&
        typeof value.value === "object" &&
        typeof (value.value as Record<string, unknown>)["name"] === "string"
      ) {
        name = (value.value as Record<string, string>)["name"]!;
      } else if (!value.ok) {
        sites.report(
          "reference",
          options,
          `the options of an adapter of port "${port.id}" cannot be read statically: ${value.reason}`,
        );
      }
    }
    const model: AdapterModel = {
      port,
      name,
      origin: "project",
      binding: bindingName(call.node),
      site: sites.site(spanNode(call.node)),
      handlers: handlers.sort(),
    };
    port.adapters.push(model);
    models.adapters.push(model);
    return model;
  },
};
