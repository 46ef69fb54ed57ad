// Stage: what is wrong with the descriptors themselves: duplicate ids, a port operation claimed
// by two ports or by none, operations no feature lists, contracts with another feature's id.
import type { Site } from "../extract/model.js";
import { fileSite, type BuildContext, type DiagnosticLog } from "./context.js";
import type { FeatureFolders } from "./feature-folders.js";
import { orderBy } from "./order.js";

export function reportModelProblems(context: BuildContext, folders: FeatureFolders): void {
  reportDuplicateIds(context, folders);
  const { analysis, diagnostics } = context;
  const { descriptors, roles } = analysis;
  for (const conflict of descriptors.conflicts) {
    const [first, second] = conflict.ports;
    diagnostics.add(
      "port-operation-conflict",
      "error",
      `port operation "${conflict.operation.id}" is listed by two ports, "${first!.id}" and "${second!.id}"; a port operation belongs to one port`,
      second!.site,
      first!.site ? [first!.site] : [],
    );
  }
  for (const operation of descriptors.portOperations) {
    if (operation.port === null && operation.site) {
      diagnostics.add(
        "port-operation-outside-port",
        "warning",
        `port operation "${operation.id}" is not part of any definePort`,
        operation.site,
      );
    }
  }
  const listedOperations = new Set(descriptors.features.flatMap((feature) => feature.operations));
  for (const operation of descriptors.operations) {
    if (!listedOperations.has(operation)) {
      diagnostics.add(
        "operation-not-in-feature",
        "warning",
        `${operation.kind} "${operation.id}" is not listed in any defineFeature operations, so no application can dispatch it`,
        operation.site,
      );
    }
  }
  for (const contract of descriptors.contracts) {
    const feature = roles.featureOf(contract.site.file);
    if (feature && contract.id !== null && contract.id !== feature.id) {
      diagnostics.add(
        "contract-id-mismatch",
        "warning",
        `defineContract declares id "${contract.id}" in feature "${feature.id}"; use the feature's id`,
        contract.site,
      );
    }
  }
}

function reportDuplicateIds({ analysis, diagnostics }: BuildContext, folders: FeatureFolders) {
  const { descriptors } = analysis;
  const byId = (m: { id: string | null }) => m.id;
  const bySite = (m: { site: Site | null }) => m.site;
  duplicates(diagnostics, "operations", descriptors.operations, byId, bySite);
  duplicates(diagnostics, "ports", descriptors.ports, byId, bySite);
  duplicates(diagnostics, "port operations", descriptors.portOperations, byId, bySite);
  duplicates(
    diagnostics,
    "events",
    descriptors.events,
    (m) => `${m.id}${m.version === null ? "" : ` v${m.version}`}`,
    bySite,
  );
  duplicates(diagnostics, "invariants", descriptors.invariants, byId, bySite);
  duplicates(diagnostics, "contracts", descriptors.contracts, byId, bySite);
  duplicates(
    diagnostics,
    "feature folders",
    [...folders.byDir.values()],
    (e) => e.feature.id,
    (e) => fileSite(e.files[0]),
  );
}

/** One duplicate-id diagnostic per id that two or more items share. */
function duplicates<T>(
  diagnostics: DiagnosticLog,
  what: string,
  items: readonly T[],
  key: (item: T) => string | null,
  site: (item: T) => Site | null,
): void {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const id = key(item);
    if (id === null) continue;
    const group = groups.get(id) ?? [];
    group.push(item);
    groups.set(id, group);
  }
  for (const [id, group] of groups) {
    if (group.length < 2) continue;
    const sites = group
      .map(site)
      .filter((s): s is Site => s !== null)
      .sort(
        orderBy(
          (s) => s.file.path,
          (s) => s.node.getStart(),
        ),
      );
    diagnostics.add(
      "duplicate-id",
      "error",
      `${group.length} ${what} share the id "${id}"; ids must be unique`,
      sites[0] ?? null,
      sites.slice(1),
    );
  }
}
