// createApplication({ features, adapters }): the features and adapters an application is made of.
import type { AdapterModel } from "../model.js";
import { adapterListElements, adapterOf } from "./adapter-expressions.js";
import { listedDescriptors, type PointerReader } from "./read-context.js";
import { spanNode } from "./sites.js";

export const readApplication: PointerReader = (call, context) => {
  const { literals, sites, models } = context;
  const definition = literals.definition(call.node);
  if (!definition) return;
  const features = listedDescriptors(
    context,
    definition,
    "features",
    "feature",
    "the features of createApplication",
  );
  const adapters: AdapterModel[] = [];
  const adaptersExpression = literals.field(definition, "adapters");
  if (adaptersExpression) {
    const where = "the adapters of createApplication";
    for (const element of adapterListElements(adaptersExpression, where, context)) {
      const adapter = adapterOf(element, where, context);
      if (adapter && "origin" in adapter) adapters.push(adapter);
      else if (adapter?.port) {
        adapters.push({
          port: adapter.port,
          name: adapter.name,
          origin: "agentix",
          binding: null,
          site: null,
          handlers: [],
        });
      }
    }
  }
  models.applications.push({ site: sites.site(spanNode(call.node))!, features, adapters });
};
