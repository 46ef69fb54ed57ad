// The agentix entities (operations, ports, events, ...) that code units declare: what the
// affected answer names instead of bare units.
import type { Analysis } from "../analyze.js";
import type { Site } from "../extract/model.js";
import type { CodeUnit } from "./units.js";

export type EntityKind =
  "feature" | "contract" | "operation" | "port" | "adapter" | "event" | "invariant" | "application";
export interface Entity {
  readonly kind: EntityKind;
  readonly id: string;
  readonly feature: string | null;
}

/** Names every unit after the agentix entity it declares, when it declares one. */
export function entitiesByUnit(
  analysis: Analysis,
  units: ReadonlyMap<string, CodeUnit>,
): Map<string, Entity[]> {
  const byFile = new Map<string, CodeUnit[]>();
  for (const unit of units.values())
    if (unit.kind === "declaration")
      byFile.set(unit.file, [...(byFile.get(unit.file) ?? []), unit]);
  const result = new Map<string, Entity[]>();
  const place = (site: Site | null, entity: Entity) => {
    if (site === null) return;
    // The site is a declaration's statement or a call inside it: either contains the other.
    const start = site.node.getStart(site.file.sourceFile);
    const end = site.node.getEnd();
    for (const unit of byFile.get(site.file.path) ?? []) {
      const unitStart = unit.node.getStart(site.file.sourceFile);
      if (
        (start >= unitStart && start < unit.node.getEnd()) ||
        (unitStart >= start && unit.node.getEnd() <= end)
      ) {
        result.set(unit.id, [...(result.get(unit.id) ?? []), entity]);
        return;
      }
    }
  };
  const featureOf = (site: Site | null) =>
    site === null ? null : (analysis.roles.featureOf(site.file)?.id ?? null);
  const d = analysis.descriptors;
  for (const m of d.operations)
    place(m.site, { kind: "operation", id: m.id, feature: featureOf(m.site) });
  for (const m of d.ports)
    if (m.origin === "project")
      place(m.site, { kind: "port", id: m.id, feature: featureOf(m.site) });
  for (const m of d.events) place(m.site, { kind: "event", id: m.id, feature: featureOf(m.site) });
  for (const m of d.invariants)
    place(m.site, { kind: "invariant", id: m.id, feature: featureOf(m.site) });
  for (const m of d.adapters)
    if (m.origin === "project")
      place(m.site, {
        kind: "adapter",
        id: `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`,
        feature: featureOf(m.site),
      });
  for (const m of d.contracts)
    place(m.site, {
      kind: "contract",
      id: featureOf(m.site) ?? m.id ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.features)
    place(m.site, {
      kind: "feature",
      id: featureOf(m.site) ?? m.declaredId ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.applications)
    place(m.site, { kind: "application", id: m.site.file.path, feature: null });
  return result;
}
