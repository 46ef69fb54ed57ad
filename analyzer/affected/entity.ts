// What an affected answer names instead of a bare code unit: an agentix entity (operation, port,
// event, ...). Its own file so the facts and the unit naming can both use it without a cycle.
export type EntityKind =
  "feature" | "contract" | "operation" | "port" | "adapter" | "event" | "invariant" | "application";
export interface Entity {
  readonly kind: EntityKind;
  readonly id: string;
  readonly feature: string | null;
}
