import type { Contract } from "../descriptors/contract.js";
import type { AnyFeature } from "../descriptors/feature.js";

/**
 * Cycles among features through their listed dependencies (a feature's own contract aside),
 * each once, starting at its smallest feature id and closed again: `[a, b, a]`.
 */
export function dependencyCycles(features: readonly AnyFeature[], owners: ReadonlyMap<Contract, AnyFeature>): AnyFeature[][] {
  const state = new Map<AnyFeature, "active" | "done">();
  const path: AnyFeature[] = [];
  const found = new Map<string, AnyFeature[]>();

  const visit = (feature: AnyFeature): void => {
    state.set(feature, "active");
    path.push(feature);
    for (const contract of feature.dependencies) {
      const next = owners.get(contract);
      if (next === undefined || next === feature) continue;
      const seen = state.get(next);
      if (seen === "active") record(path.slice(path.indexOf(next)));
      else if (seen === undefined) visit(next);
    }
    path.pop();
    state.set(feature, "done");
  };

  const record = (cycle: readonly AnyFeature[]): void => {
    let start = 0;
    cycle.forEach((feature, index) => {
      if (feature.id < (cycle[start] as AnyFeature).id) start = index;
    });
    const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
    const closed = [...rotated, rotated[0] as AnyFeature];
    found.set(closed.map((feature) => feature.id).join(" "), closed);
  };

  for (const feature of [...features].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (!state.has(feature)) visit(feature);
  }
  return [...found.values()];
}
