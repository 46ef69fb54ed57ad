// Stage: what is wrong with the descriptors themselves: duplicate ids, a port operation claimed
// by two ports or by none, operations no feature lists, contracts with another feature's id.
import type { OperationModel, Site } from "../extract/model.js";
import { ts } from "../project/ts-morph.js";
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
  reportUnassertedInvariants(context);
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

/** An invariant an operation lists but never asserts: the promise is not kept anywhere. */
function reportUnassertedInvariants({ analysis, diagnostics }: BuildContext): void {
  for (const operation of analysis.descriptors.operations) {
    for (const invariant of operation.invariants) {
      if (operation.assertions.some((assertion) => assertion.invariant === invariant)) continue;
      diagnostics.add(
        "invariant-not-asserted",
        "warning",
        `${operation.kind} "${operation.id}" lists invariant "${invariant.id}" but never asserts it; call assertInvariant(${invariant.binding ?? "invariant"}, evidence) in its execute`,
        listSite(operation) ?? operation.site,
        [invariant.site],
      );
    }
  }
}

/** The `invariants` property of an operation's definition, for a precise line. */
function listSite(operation: OperationModel): Site | null {
  const definition = operation.call.arguments[0];
  if (!definition || !ts.isObjectLiteralExpression(definition)) return null;
  const property = definition.properties.find(
    (candidate) =>
      candidate.name !== undefined &&
      ts.isIdentifier(candidate.name) &&
      candidate.name.text === "invariants",
  );
  return property ? { file: operation.site.file, node: property } : null;
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
