// What `agentix inspect` shows of an operation or a feature: views over the index, with a
// location as `file:line` and each schema slot summarised (its JSON Schema only with --full).
import type { ModelIndex } from "../../index-file/model-index.js";
import type {
  FeatureEntry,
  Location,
  OperationEntry,
  PortEntry,
  SchemaSlot,
} from "../../index-file/types.js";
import { compareText } from "../../project/paths.js";

export interface SlotView {
  readonly type: string;
  readonly inputType: string | null;
  /** `Name (file:line)` of the constant the schema comes from, or null when inline. */
  readonly ref: string | null;
  /** Why the schema is opaque, or null when it is projected. */
  readonly opaque: string | null;
  /** The JSON Schema (only with --full). */
  readonly schema?: Record<string, unknown> | null;
}

export interface OperationView {
  readonly id: string;
  readonly kind: "command" | "query";
  readonly feature: string | null;
  readonly name: string | null;
  readonly location: string;
  readonly description: string | null;
  readonly input: SlotView;
  readonly output: SlotView;
  readonly errors: readonly ({ readonly code: string } & SlotView)[];
  readonly permissions: readonly string[];
  readonly effects: readonly {
    readonly key: string;
    readonly operation: string;
    readonly port: string | null;
    readonly kind: string;
    readonly adapters: readonly string[];
  }[];
  readonly emits: readonly {
    readonly key: string;
    readonly event: string;
    readonly version: number | null;
  }[];
  readonly invariants: readonly {
    readonly id: string;
    readonly location: string | null;
    readonly asserted: readonly number[];
  }[];
  readonly tests: readonly { readonly file: string; readonly by: string }[];
  readonly context: {
    readonly contract: string | null;
    readonly dependencies: readonly string[];
    readonly consumers: readonly string[];
  };
}

export interface FeatureView {
  readonly id: string;
  readonly directory: string;
  readonly declaredId: string | null;
  readonly descriptor: string | null;
  readonly contract: {
    readonly file: string;
    readonly id: string | null;
    readonly exports: readonly {
      readonly name: string;
      readonly kind: string;
      readonly id: string | null;
    }[];
  } | null;
  readonly dependencies: {
    readonly declared: readonly string[];
    readonly imported: readonly string[];
  };
  readonly consumers: readonly string[];
  readonly operations: readonly {
    readonly id: string;
    readonly kind: string;
    readonly permissions: readonly string[];
    readonly location: string;
  }[];
  readonly ports: readonly {
    readonly id: string;
    readonly operations: readonly string[];
    readonly adapters: readonly string[];
  }[];
  readonly events: readonly {
    readonly id: string;
    readonly version: number | null;
    readonly emittedBy: readonly string[];
  }[];
  readonly invariants: readonly {
    readonly id: string;
    readonly preservedBy: readonly string[];
    readonly dependsOn: readonly string[];
  }[];
  readonly tests: readonly string[];
  readonly files: readonly string[];
}

/**
 * What an adapter is called: its `name` option, else the constant or factory that holds it
 * (`cardPayments`, `memoryStores`), else its file's name (`payments.ts:4`).
 */
function adapterLabel(
  index: ModelIndex,
  portId: string | null,
  adapter: PortEntry["adapters"][number],
): string {
  if (adapter.name !== null) return adapter.name;
  const entry = index.adapters.find(
    (candidate) =>
      candidate.port === portId &&
      candidate.location?.file === adapter.file &&
      candidate.location.line === adapter.line,
  );
  if (entry?.binding) return entry.binding;
  return adapter.file === null ? "(unnamed)" : `${adapter.file.split("/").pop()}:${adapter.line}`;
}

/** `file:line` or `file:line-endLine`. */
function locationText(location: Location | null): string | null {
  if (!location) return null;
  return location.endLine !== location.line
    ? `${location.file}:${location.line}-${location.endLine}`
    : `${location.file}:${location.line}`;
}

function slotView(slot: SchemaSlot, full: boolean): SlotView {
  return {
    type: slot.type,
    inputType: slot.inputType,
    ref: slot.ref ? `${slot.ref.name} (${slot.ref.file}:${slot.ref.line})` : null,
    opaque: slot.opaque ? `${slot.opaque.reason} (${slot.opaque.file}:${slot.opaque.line})` : null,
    ...(full ? { schema: slot.schema } : {}),
  };
}

export function operationView(
  index: ModelIndex,
  operation: OperationEntry,
  full: boolean,
): OperationView {
  const feature = index.features.find((f) => f.id === operation.feature);
  const adaptersOf = (portId: string | null) =>
    index.ports
      .find((port) => port.id === portId)
      ?.adapters.map((adapter) => adapterLabel(index, portId, adapter)) ?? [];
  return {
    id: operation.id,
    kind: operation.kind,
    feature: operation.feature,
    name: operation.name,
    location: locationText(operation.location)!,
    description: operation.description,
    input: slotView(operation.input, full),
    output: slotView(operation.output, full),
    errors: operation.errors.map((error) => ({
      code: error.code,
      ...slotView(error.schema, full),
    })),
    permissions: operation.permissions,
    effects: operation.effects.map((effect) => ({
      ...effect,
      adapters: [...new Set(adaptersOf(effect.port))].sort(compareText),
    })),
    emits: operation.emits,
    invariants: operation.invariants.map((id) => {
      const invariant = index.invariants.find((i) => i.id === id);
      return {
        id,
        location: locationText(invariant?.location ?? null),
        asserted: operation.assertions.filter((a) => a.invariant === id).map((a) => a.line),
      };
    }),
    tests: operation.tests,
    context: {
      contract: feature?.contract?.file ?? null,
      dependencies: feature?.dependencies.declared ?? [],
      consumers: feature?.consumers ?? [],
    },
  };
}

export function featureView(index: ModelIndex, feature: FeatureEntry): FeatureView {
  return {
    id: feature.id,
    directory: feature.directory,
    declaredId: feature.declaredId,
    descriptor: locationText(feature.descriptor),
    contract: feature.contract
      ? {
          file: feature.contract.file,
          id: feature.contract.id,
          exports: feature.contract.exports.map((e) => ({ name: e.name, kind: e.kind, id: e.id })),
        }
      : null,
    dependencies: feature.dependencies,
    consumers: feature.consumers,
    operations: feature.operations.map((id) => {
      const operation = index.operations.find((o) => o.id === id)!;
      return {
        id,
        kind: operation.kind,
        permissions: operation.permissions,
        location: locationText(operation.location)!,
      };
    }),
    ports: feature.ports.map((id) => {
      const port = index.ports.find((p) => p.id === id)!;
      return {
        id,
        operations: port.operations.map((o) => o.id),
        adapters: port.adapters.map((adapter) => adapterLabel(index, id, adapter)),
      };
    }),
    events: feature.events.map((id) => {
      const event = index.events.find((e) => e.id === id)!;
      return { id, version: event.version, emittedBy: event.emittedBy };
    }),
    invariants: feature.invariants.map((id) => {
      const invariant = index.invariants.find((i) => i.id === id)!;
      return { id, preservedBy: invariant.preservedBy, dependsOn: invariant.dependsOn };
    }),
    tests: feature.tests,
    files: feature.files,
  };
}
