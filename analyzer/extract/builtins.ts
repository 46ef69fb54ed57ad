import type { SchemaSlot } from "../index-file/types.js";
import type { AdapterModel, PortModel, PortOperationModel } from "./model.js";

function builtinSlot(schema: Record<string, unknown>): SchemaSlot {
  return { schema, opaque: null, type: "string", inputType: null, typeSource: "schema", ref: null };
}

function port(
  id: string,
  name: string,
  operation: { id: string; kind: "time" | "random"; output: Record<string, unknown> },
  adapterName: string,
): PortModel {
  const op: PortOperationModel = {
    id: operation.id,
    kind: operation.kind,
    site: null,
    input: null,
    output: builtinSlot(operation.output),
    errors: [],
    port: null,
    name,
    usedBy: new Set(),
  };
  const model: PortModel = {
    id,
    origin: "agentix",
    binding: null,
    site: null,
    operations: [op],
    adapters: [],
  };
  op.port = model;
  const adapter: AdapterModel = {
    port: model,
    name: adapterName,
    origin: "agentix",
    binding: null,
    site: null,
    handlers: [name],
  };
  model.adapters.push(adapter);
  return model;
}

/** The standard ports agentix exports, exactly as runtime/ports declares them. */
export interface Builtins {
  readonly ports: ReadonlyMap<string, PortModel>;
  /** Export name of a standard adapter -> the adapter. */
  readonly adapters: ReadonlyMap<string, AdapterModel>;
}

export function createBuiltins(): Builtins {
  const clock = port(
    "clock",
    "now",
    { id: "clock.now", kind: "time", output: { type: "string", format: "date-time" } },
    "system-clock",
  );
  const ids = port(
    "ids",
    "next",
    { id: "ids.next", kind: "random", output: { type: "string", minLength: 1 } },
    "random-ids",
  );
  return {
    ports: new Map([
      ["Clock", clock],
      ["Ids", ids],
    ]),
    adapters: new Map([
      ["systemClock", clock.adapters[0]!],
      ["randomIds", ids.adapters[0]!],
    ]),
  };
}
