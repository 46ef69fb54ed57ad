// defineEvent({ id, version, payload }).
import { evaluateJson } from "../../schema-projection/evaluate.js";
import type { EventModel } from "../model.js";
import type { DescriptorReader } from "./read-context.js";
import { bindingName, spanNode } from "./sites.js";

export const eventReader: DescriptorReader<"event"> = {
  kind: "event",
  read(call, { literals, slots, sites, resolver, models }) {
    const identified = literals.identified(call.node, "defineEvent(...)");
    if (!identified) return null;
    const { definition, id } = identified;
    const versionExpression = literals.field(definition, "version");
    const version = versionExpression ? evaluateJson(versionExpression, resolver) : undefined;
    if (!version?.ok || typeof version.value !== "number") {
      sites.report(
        "id",
        versionExpression ?? definition,
        `the version of event "${id}" is not a literal number${version && !version.ok ? `: ${version.reason}` : ""}`,
      );
    }
    const model: EventModel = {
      id,
      version: version?.ok && typeof version.value === "number" ? version.value : null,
      binding: bindingName(call.node),
      site: sites.site(spanNode(call.node))!,
      payload: slots.required(definition, "payload", `event "${id}"`),
      emittedBy: new Set(),
    };
    models.events.push(model);
    return model;
  },
};
