// The agentix entities (operations, ports, events, ...) that code units declare: what the
// affected answer names instead of bare units.
import type { AffectedFacts } from "./facts.js";
import type { CodeUnit } from "./units.js";
import type { Entity, EntityKind } from "./entity.js";

export type { Entity, EntityKind };

/** Names every unit after the agentix entity it declares, when it declares one. */
export function entitiesByUnit(
  facts: AffectedFacts,
  units: ReadonlyMap<string, CodeUnit>,
): Map<string, Entity[]> {
  const byFile = new Map<string, CodeUnit[]>();
  for (const unit of units.values())
    if (unit.kind === "declaration")
      byFile.set(unit.file, [...(byFile.get(unit.file) ?? []), unit]);
  const result = new Map<string, Entity[]>();
  for (const { entity, file, start, end } of facts.entitySites()) {
    // The site is a declaration's statement or a call inside it: either contains the other.
    for (const unit of byFile.get(file) ?? []) {
      if ((start >= unit.start && start < unit.end) || (unit.start >= start && unit.end <= end)) {
        result.set(unit.id, [...(result.get(unit.id) ?? []), entity]);
        break;
      }
    }
  }
  return result;
}
