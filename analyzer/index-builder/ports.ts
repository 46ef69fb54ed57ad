// Stage: ports (the project's, plus the standard agentix ones the project uses) with their
// operations and known adapters; and every adapter, standard ones included.
import { lineOf, locationOf } from "../extract/location.js";
import type { PortModel } from "../extract/model.js";
import type { AdapterEntry, PortEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique } from "./order.js";

export function portEntries(context: BuildContext): {
  ports: PortEntry[];
  adapters: AdapterEntry[];
} {
  const { descriptors } = context.analysis;
  const usedBuiltins = usedStandardPorts(context);
  const allPorts = [
    ...descriptors.ports,
    ...[...descriptors.builtins.ports.values()].filter((port) => usedBuiltins.has(port)),
  ];
  const ports = allPorts
    .map((port) => portEntry(context, port))
    .sort(
      orderBy(
        (p) => p.id,
        (p) => p.location?.file ?? null,
        (p) => p.location?.line ?? null,
      ),
    );
  const adapterModels = [
    ...descriptors.adapters,
    ...[...usedBuiltins].flatMap((port) => port.adapters),
  ];
  const adapters: AdapterEntry[] = adapterModels
    .map((adapter) => ({
      port: adapter.port.id,
      name: adapter.name,
      origin: adapter.origin,
      binding: adapter.binding,
      location: adapter.site ? locationOf(adapter.site) : null,
      handlers: [...adapter.handlers],
    }))
    .sort(
      orderBy(
        (a) => a.port,
        (a) => a.name,
        (a) => a.location?.file ?? null,
        (a) => a.location?.line ?? null,
      ),
    );
  return { ports, adapters };
}

/** The standard ports (Clock, Ids) an effect or an application of the project uses. */
function usedStandardPorts({ analysis }: BuildContext): Set<PortModel> {
  const usedBuiltins = new Set<PortModel>();
  for (const operation of analysis.descriptors.operations)
    for (const effect of operation.effects)
      if (effect.operation.port?.origin === "agentix") usedBuiltins.add(effect.operation.port);
  for (const application of analysis.descriptors.applications)
    for (const adapter of application.adapters)
      if (adapter.port.origin === "agentix") usedBuiltins.add(adapter.port);
  return usedBuiltins;
}

function portEntry({ featureOfSite }: BuildContext, port: PortModel): PortEntry {
  return {
    id: port.id,
    origin: port.origin,
    feature: featureOfSite(port.site),
    name: port.binding,
    location: port.site ? locationOf(port.site) : null,
    operations: [...port.operations]
      .map((operation) => ({
        name: operation.name ?? operation.id,
        id: operation.id,
        kind: operation.kind,
        location: operation.site ? locationOf(operation.site) : null,
        input: operation.input,
        output: operation.output,
        errors: operation.errors,
        usedBy: sortedUnique(operation.usedBy),
      }))
      .sort(
        orderBy(
          (o) => o.id,
          (o) => o.name,
        ),
      ),
    adapters: port.adapters
      .map((adapter) => ({
        name: adapter.name,
        file: adapter.site?.file.path ?? null,
        line: adapter.site ? lineOf(adapter.site) : null,
      }))
      .sort(
        orderBy(
          (a) => a.name,
          (a) => a.file,
          (a) => a.line,
        ),
      ),
  };
}
