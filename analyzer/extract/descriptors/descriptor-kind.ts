// The kinds of agentix descriptors the analyzer models, mirroring runtime/descriptors/<kind>.ts.
import type {
  AdapterModel,
  ContractModel,
  EventModel,
  FeatureDescriptorModel,
  InvariantModel,
  OperationModel,
  PortModel,
  PortOperationModel,
} from "../model.js";

/** Each descriptor kind and the model it is read into. */
export interface ModelOf {
  port: PortModel;
  portOperation: PortOperationModel;
  event: EventModel;
  operation: OperationModel;
  invariant: InvariantModel;
  contract: ContractModel;
  feature: FeatureDescriptorModel;
  adapter: AdapterModel;
}

export type DescriptorKind = keyof ModelOf;

/** A descriptor's model, tagged with its kind. */
export type Descriptor = {
  [K in DescriptorKind]: { readonly kind: K; readonly model: ModelOf[K] };
}[DescriptorKind];

/** How messages name each kind: "expected a port (definePort)". */
export const KIND_LABEL: Readonly<Record<DescriptorKind, string>> = {
  port: "a port (definePort)",
  portOperation: "a port operation (Port.operation)",
  event: "an event (defineEvent)",
  operation: "an operation (defineCommand/defineQuery)",
  invariant: "an invariant (defineInvariant)",
  contract: "a contract (defineContract)",
  feature: "a feature (defineFeature)",
  adapter: "an adapter (implementPort)",
};

export const EFFECT_KINDS: ReadonlySet<string> = new Set([
  "read",
  "write",
  "time",
  "random",
  "external",
]);
