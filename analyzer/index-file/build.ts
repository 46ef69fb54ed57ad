import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import type { Feature } from "../../eslint-plugin/logic/project/layout.js";
import type { Analysis } from "../analyze.js";
import { locationOf, lineOf } from "../extract/location.js";
import type {
  DiagnosticItem,
  InvariantModel,
  OperationModel,
  PortModel,
  Site,
} from "../extract/model.js";
import type { ProjectFile } from "../project/load-project.js";
import { compareText, relativeToRoot } from "../project/paths.js";
import { findCyclicComponents } from "../graph/cycles.js";
import { ANALYZER_VERSION } from "../version.js";
import {
  INDEX_SCHEMA_VERSION,
  type AdapterEntry,
  type AgentixIndex,
  type ApplicationEntry,
  type ContractExport,
  type DiagnosticEntry,
  type EventEntry,
  type FeatureEntry,
  type FileEntry,
  type InvariantEntry,
  type ManifestEntry,
  type OperationEntry,
  type OperationTest,
  type PermissionEntry,
  type PortEntry,
  type TestEntry,
  type TestLink,
  type UnresolvedEntry,
  type ViolationEntry,
} from "./types.js";

export const INDEX_SCHEMA_URL =
  "https://github.com/agentix-dev/agentix/blob/main/schema/index.v1.schema.json";

const by =
  <T>(...keys: ((item: T) => string | number | null)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      if (x === y) continue;
      if (x === null) return -1;
      if (y === null) return 1;
      if (typeof x === "number" && typeof y === "number") return x - y;
      return compareText(String(x), String(y));
    }
    return 0;
  };

const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort(compareText);

function sha256(data: string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Strength of a test link, strongest first. */
const LINK_RANK: Readonly<Record<OperationTest["by"], number>> = { call: 0, name: 1, feature: 2 };

function testStem(file: string): string {
  const base = path.posix.basename(file);
  return base.replace(/\.(test|spec)\.[cm]?[jt]sx?$/u, "").replace(/\.[cm]?[jt]sx?$/u, "");
}

function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/gu, "");
}

/**
 * Builds the index object from an analysis: every collection sorted by its stable id, every
 * object with a fixed key order, every path repository-relative. `violations` come from the
 * shared rule logic.
 */
export function buildIndex(
  analysis: Analysis,
  violations: readonly ViolationEntry[] = [],
): AgentixIndex {
  const { loaded, roles, descriptors } = analysis;
  const diagnostics: DiagnosticItem[] = [...analysis.diagnostics];
  const diagnostic = (
    code: string,
    severity: "error" | "warning",
    message: string,
    site: Site | null,
    related: Site[] = [],
  ) => diagnostics.push({ code, severity, message, site, related });

  // ---- features (folders) ------------------------------------------------------------------
  const folders = new Map<string, { feature: Feature; files: ProjectFile[] }>();
  for (const file of loaded.files) {
    const feature = roles.featureOf(file);
    if (!feature) continue;
    let entry = folders.get(feature.dir);
    if (!entry) {
      entry = { feature, files: [] };
      folders.set(feature.dir, entry);
    }
    entry.files.push(file);
  }
  const featureIdOfFile = (file: ProjectFile | null | undefined): string | null =>
    file ? (roles.featureOf(file)?.id ?? null) : null;
  const featureOfSite = (site: Site | null): string | null => featureIdOfFile(site?.file);

  // Feature descriptors by folder.
  const descriptorsByDir = new Map<string, typeof descriptors.features>();
  for (const model of descriptors.features) {
    const feature = roles.featureOf(model.site.file);
    if (!feature) {
      diagnostic(
        "feature-outside-folder",
        "error",
        `defineFeature${model.declaredId ? ` "${model.declaredId}"` : ""} is outside every feature folder (features.directories: ${loaded.config.features.directories.join(", ")}); a feature's id is its folder name`,
        model.site,
      );
      continue;
    }
    const list = descriptorsByDir.get(feature.dir) ?? [];
    list.push(model);
    descriptorsByDir.set(feature.dir, list);
    if (model.declaredId !== null && model.declaredId !== feature.id) {
      diagnostic(
        "feature-id-mismatch",
        "error",
        `defineFeature declares id "${model.declaredId}" in the folder of feature "${feature.id}" (${roles.directory(feature)}); a feature's id is its folder name: rename the id or the folder`,
        model.site,
      );
    }
  }
  for (const [dir, list] of descriptorsByDir) {
    if (list.length > 1) {
      const feature = folders.get(dir)!.feature;
      diagnostic(
        "multiple-descriptors",
        "error",
        `feature "${feature.id}" has ${list.length} defineFeature calls; a feature has one descriptor`,
        list[1]!.site,
        [list[0]!.site],
      );
    }
  }

  // Imported features: any file of A importing a file of B.
  const imported = new Map<string, Set<string>>();
  const importedOutsideDescriptor = new Map<string, Set<string>>();
  for (const [file, list] of analysis.imports) {
    const from = roles.featureOf(file);
    if (!from) continue;
    for (const item of list) {
      if (item.target.kind !== "file") continue;
      const to = roles.featureOf(item.target.file);
      if (!to || to.dir === from.dir) continue;
      const set = imported.get(from.dir) ?? new Set();
      set.add(to.dir);
      imported.set(from.dir, set);
      if (roles.role(file) !== "descriptor") {
        const outside = importedOutsideDescriptor.get(from.dir) ?? new Set();
        outside.add(to.dir);
        importedOutsideDescriptor.set(from.dir, outside);
      }
    }
  }
  const declared = new Map<string, Set<string>>();
  for (const [dir, list] of descriptorsByDir) {
    const set = new Set<string>();
    for (const model of list) {
      for (const contract of model.dependencies) {
        const target = roles.featureOf(contract.site.file);
        if (!target) {
          diagnostic(
            "dependency-outside-features",
            "warning",
            `a dependency of feature "${folders.get(dir)!.feature.id}" is a contract outside every feature folder`,
            model.site,
            [contract.site],
          );
          continue;
        }
        if (target.dir === dir) continue;
        set.add(target.dir);
      }
    }
    declared.set(dir, set);
  }
  const idOfDir = (dir: string) => folders.get(dir)?.feature.id ?? path.basename(dir);
  const consumers = new Map<string, Set<string>>();
  for (const source of [declared, imported]) {
    for (const [from, targets] of source) {
      for (const to of targets) {
        const set = consumers.get(to) ?? new Set();
        set.add(from);
        consumers.set(to, set);
      }
    }
  }
  for (const [dir, set] of declared) {
    const used = importedOutsideDescriptor.get(dir) ?? new Set();
    for (const target of set) {
      if (!used.has(target)) {
        const model = descriptorsByDir.get(dir)![0]!;
        diagnostic(
          "unused-dependency",
          "warning",
          `feature "${idOfDir(dir)}" declares a dependency on "${idOfDir(target)}" but none of its files (besides the descriptor) imports it`,
          model.site,
        );
      }
    }
  }
  // Dependency cycles between features (declared and imported edges).
  const edges = new Map<string, Set<string>>();
  for (const source of [declared, imported]) {
    for (const [from, targets] of source) {
      const set = edges.get(idOfDir(from)) ?? new Set();
      for (const to of targets) set.add(idOfDir(to));
      edges.set(idOfDir(from), set);
    }
  }
  for (const { members, cycle } of findCyclicComponents(edges)) {
    const dirOf = (id: string) =>
      [...folders.values()].find((entry) => entry.feature.id === id)?.feature;
    const sites = members.map((id) => {
      const feature = dirOf(id);
      const model = feature ? descriptorsByDir.get(feature.dir)?.[0] : undefined;
      const file = feature ? folders.get(feature.dir)?.files[0] : undefined;
      return model?.site ?? (file ? { file, node: file.sourceFile } : null);
    });
    const first = sites.find((site) => site !== null) ?? null;
    diagnostic(
      "feature-cycle",
      "error",
      members.length === cycle.length
        ? `features depend on each other in a cycle: ${[...cycle, cycle[0]].join(" -> ")}; dependencies between features must form a directed acyclic graph`
        : `features ${members.join(", ")} depend on each other in cycles, e.g. ${[...cycle, cycle[0]].join(" -> ")}; dependencies between features must form a directed acyclic graph`,
      first,
      sites.filter((site): site is Site => site !== null && site !== first),
    );
  }

  // ---- duplicate ids --------------------------------------------------------------------------
  const duplicates = <T>(
    what: string,
    items: readonly T[],
    key: (item: T) => string | null,
    site: (item: T) => Site | null,
  ) => {
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
          by(
            (s) => s.file.path,
            (s) => s.node.getStart(),
          ),
        );
      diagnostic(
        "duplicate-id",
        "error",
        `${group.length} ${what} share the id "${id}"; ids must be unique`,
        sites[0] ?? null,
        sites.slice(1),
      );
    }
  };
  duplicates(
    "operations",
    descriptors.operations,
    (m) => m.id,
    (m) => m.site,
  );
  duplicates(
    "ports",
    descriptors.ports,
    (m) => m.id,
    (m) => m.site,
  );
  duplicates(
    "port operations",
    descriptors.portOperations,
    (m) => m.id,
    (m) => m.site,
  );
  duplicates(
    "events",
    descriptors.events,
    (m) => `${m.id}${m.version === null ? "" : ` v${m.version}`}`,
    (m) => m.site,
  );
  duplicates(
    "invariants",
    descriptors.invariants,
    (m) => m.id,
    (m) => m.site,
  );
  duplicates(
    "contracts",
    descriptors.contracts,
    (m) => m.id,
    (m) => m.site,
  );
  duplicates(
    "feature folders",
    [...folders.values()],
    (e) => e.feature.id,
    (e) => {
      const file = e.files[0];
      return file ? { file, node: file.sourceFile } : null;
    },
  );
  for (const conflict of descriptors.conflicts) {
    const [first, second] = conflict.ports;
    diagnostic(
      "port-operation-conflict",
      "error",
      `port operation "${conflict.operation.id}" is listed by two ports, "${first!.id}" and "${second!.id}"; a port operation belongs to one port`,
      second!.site,
      first!.site ? [first!.site] : [],
    );
  }
  for (const operation of descriptors.portOperations) {
    if (operation.port === null && operation.site) {
      diagnostic(
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
      diagnostic(
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
      diagnostic(
        "contract-id-mismatch",
        "warning",
        `defineContract declares id "${contract.id}" in feature "${feature.id}"; use the feature's id`,
        contract.site,
      );
    }
  }

  // ---- tests ------------------------------------------------------------------------------------
  const testFiles = loaded.files.filter((file) => roles.role(file) === "test");
  const callsByFile = new Map<ProjectFile, typeof descriptors.testCalls>();
  for (const call of descriptors.testCalls) {
    if (roles.role(call.site.file) !== "test") continue;
    const list = callsByFile.get(call.site.file) ?? [];
    list.push(call);
    callsByFile.set(call.site.file, list);
  }
  const operationsByFeature = new Map<string, OperationModel[]>();
  for (const operation of descriptors.operations) {
    const feature = featureOfSite(operation.site);
    if (feature === null) continue;
    const list = operationsByFeature.get(feature) ?? [];
    list.push(operation);
    operationsByFeature.set(feature, list);
  }
  const tests: TestEntry[] = [];
  const operationTests = new Map<string, Map<string, OperationTest["by"]>>();
  const invariantTests = new Map<string, Map<string, OperationTest["by"]>>();
  const featureTests = new Map<string, Set<string>>();
  const addTest = (
    map: Map<string, Map<string, OperationTest["by"]>>,
    id: string,
    file: string,
    link: OperationTest["by"],
  ) => {
    const files = map.get(id) ?? new Map<string, OperationTest["by"]>();
    const previous = files.get(file);
    if (previous === undefined || LINK_RANK[link] < LINK_RANK[previous]) files.set(file, link);
    map.set(id, files);
  };
  const featureLinks = new Map<string, Set<string>>();
  for (const file of testFiles) {
    const links: TestLink[] = [];
    const feature = roles.featureOf(file);
    for (const call of callsByFile.get(file) ?? []) {
      const line = lineOf(call.site);
      if (call.operation)
        links.push({ target: "operation", id: call.operation.id, by: "call", via: call.via, line });
      if (call.invariant)
        links.push({ target: "invariant", id: call.invariant.id, by: "call", via: call.via, line });
    }
    if (links.length === 0) {
      const stem = normalizeName(testStem(file.path));
      const candidates = feature
        ? (operationsByFeature.get(feature.id) ?? [])
        : descriptors.operations;
      const named = candidates.filter(
        (operation) =>
          normalizeName(operation.id) === stem ||
          (operation.binding !== null && normalizeName(operation.binding) === stem) ||
          (feature !== undefined && normalizeName(operation.id.split(".").pop() ?? "") === stem),
      );
      for (const operation of named)
        links.push({ target: "operation", id: operation.id, by: "name", via: null, line: null });
      if (named.length === 0) {
        if (feature) {
          links.push({
            target: "feature",
            id: feature.id,
            by: normalizeName(feature.id) === stem ? "name" : "folder",
            via: null,
            line: null,
          });
        } else {
          for (const id of featuresReached(analysis, file))
            links.push({ target: "feature", id, by: "import", via: null, line: null });
        }
      }
    }
    links.sort(
      by(
        (l) => l.target,
        (l) => l.id,
        (l) => l.line,
        (l) => l.by,
        (l) => l.via,
      ),
    );
    const unique = links.filter(
      (link, index) => index === 0 || JSON.stringify(link) !== JSON.stringify(links[index - 1]),
    );
    tests.push({ file: file.path, feature: feature?.id ?? null, links: unique });
    for (const link of unique) {
      if (link.target === "operation")
        addTest(operationTests, link.id, file.path, link.by === "call" ? "call" : "name");
      else if (link.target === "invariant") addTest(invariantTests, link.id, file.path, "call");
      else {
        const set = featureLinks.get(link.id) ?? new Set();
        set.add(file.path);
        featureLinks.set(link.id, set);
      }
    }
  }
  const operationFeature = new Map(
    descriptors.operations.map((operation) => [operation.id, featureOfSite(operation.site)]),
  );
  for (const operation of descriptors.operations) {
    const feature = operationFeature.get(operation.id);
    if (feature)
      for (const file of featureLinks.get(feature) ?? [])
        addTest(operationTests, operation.id, file, "feature");
  }
  for (const invariant of descriptors.invariants) {
    const feature = featureOfSite(invariant.site);
    if (feature)
      for (const file of featureLinks.get(feature) ?? [])
        addTest(invariantTests, invariant.id, file, "feature");
  }
  for (const test of tests) {
    for (const link of test.links) {
      const feature =
        link.target === "feature"
          ? link.id
          : link.target === "operation"
            ? operationFeature.get(link.id)
            : featureOfSite(descriptors.invariants.find((i) => i.id === link.id)?.site ?? null);
      if (!feature) continue;
      const set = featureTests.get(feature) ?? new Set();
      set.add(test.file);
      featureTests.set(feature, set);
    }
    if (test.feature) {
      const set = featureTests.get(test.feature) ?? new Set();
      set.add(test.file);
      featureTests.set(test.feature, set);
    }
  }
  const testsOf = (
    map: Map<string, Map<string, OperationTest["by"]>>,
    id: string,
  ): OperationTest[] =>
    [...(map.get(id) ?? new Map<string, OperationTest["by"]>())]
      .map(([file, link]) => ({ file, by: link }))
      .sort(
        by(
          (t) => LINK_RANK[t.by],
          (t) => t.file,
        ),
      );

  // ---- collections ----------------------------------------------------------------------------
  const features: FeatureEntry[] = [...folders.values()].map(({ feature, files }) => {
    const list = descriptorsByDir.get(feature.dir) ?? [];
    const model = list[0];
    const contractFile = files.find((file) => roles.absolute(file) === feature.contractFile);
    const descriptorFile = files.find((file) => roles.absolute(file) === feature.descriptorFile);
    if (!contractFile)
      diagnostic(
        "missing-contract",
        "warning",
        `feature "${feature.id}" has no public entry ${relativeToRoot(loaded.root, feature.contractFile) ?? feature.contractFile}`,
        files[0] ? { file: files[0], node: files[0].sourceFile } : null,
      );
    if (!descriptorFile && !model)
      diagnostic(
        "missing-descriptor",
        "warning",
        `feature "${feature.id}" has no descriptor (defineFeature in ${relativeToRoot(loaded.root, feature.descriptorFile) ?? feature.descriptorFile})`,
        files[0] ? { file: files[0], node: files[0].sourceFile } : null,
      );
    const contractModel = contractFile
      ? descriptors.contracts.find((contract) => contract.site.file === contractFile)
      : undefined;
    const inFolder = <T extends { site: Site | null }>(items: readonly T[]) =>
      items.filter(
        (item) => item.site !== null && roles.featureOf(item.site.file)?.dir === feature.dir,
      );
    return {
      id: feature.id,
      directory: roles.directory(feature),
      declaredId: model?.declaredId ?? null,
      descriptor: model ? locationOf(model.site) : null,
      contract: contractFile
        ? {
            file: contractFile.path,
            id: contractModel?.id ?? null,
            location: contractModel ? locationOf(contractModel.site) : null,
            exports: contractExports(analysis, contractFile),
          }
        : null,
      dependencies: {
        declared: sortedUnique([...(declared.get(feature.dir) ?? [])].map(idOfDir)),
        imported: sortedUnique([...(imported.get(feature.dir) ?? [])].map(idOfDir)),
      },
      consumers: sortedUnique([...(consumers.get(feature.dir) ?? [])].map(idOfDir)),
      operations: sortedUnique(inFolder(descriptors.operations).map((m) => m.id)),
      ports: sortedUnique(inFolder(descriptors.ports).map((m) => m.id)),
      events: sortedUnique(inFolder(descriptors.events).map((m) => m.id)),
      invariants: sortedUnique(inFolder(descriptors.invariants).map((m) => m.id)),
      files: sortedUnique(files.map((file) => file.path)),
      tests: sortedUnique(featureTests.get(feature.id) ?? []),
    };
  });
  features.sort(
    by(
      (f) => f.id,
      (f) => f.directory,
    ),
  );

  const operations: OperationEntry[] = descriptors.operations.map((operation) => ({
    id: operation.id,
    kind: operation.kind,
    feature: featureOfSite(operation.site),
    name: operation.binding,
    location: locationOf(operation.site),
    description: operation.description,
    input: operation.input,
    output: operation.output,
    errors: operation.errors,
    permissions: operation.permissions,
    effects: operation.effects.map((effect) => ({
      key: effect.key,
      operation: effect.operation.id,
      port: effect.operation.port?.id ?? null,
      kind: effect.operation.kind,
    })),
    emits: operation.emits.map((emit) => ({
      key: emit.key,
      event: emit.event.id,
      version: emit.event.version,
    })),
    invariants: sortedUnique(operation.invariants.map((invariant) => invariant.id)),
    assertions: operation.assertions
      .map((assertion) => ({
        invariant: assertion.invariant?.id ?? null,
        line: lineOf(assertion.site),
      }))
      .sort(
        by(
          (a) => a.line,
          (a) => a.invariant,
        ),
      ),
    tests: testsOf(operationTests, operation.id),
  }));
  operations.sort(
    by(
      (o) => o.id,
      (o) => o.location.file,
      (o) => o.location.line,
    ),
  );

  // Ports: the project's, plus the standard ones the project uses.
  const usedBuiltins = new Set<PortModel>();
  for (const operation of descriptors.operations)
    for (const effect of operation.effects)
      if (effect.operation.port?.origin === "agentix") usedBuiltins.add(effect.operation.port);
  for (const application of descriptors.applications)
    for (const adapter of application.adapters)
      if (adapter.port.origin === "agentix") usedBuiltins.add(adapter.port);
  const allPorts = [
    ...descriptors.ports,
    ...[...descriptors.builtins.ports.values()].filter((port) => usedBuiltins.has(port)),
  ];
  const ports: PortEntry[] = allPorts.map((port) => ({
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
        by(
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
        by(
          (a) => a.name,
          (a) => a.file,
          (a) => a.line,
        ),
      ),
  }));
  ports.sort(
    by(
      (p) => p.id,
      (p) => p.location?.file ?? null,
      (p) => p.location?.line ?? null,
    ),
  );

  const adapterModels = [
    ...descriptors.adapters,
    ...[...usedBuiltins].flatMap((port) => port.adapters),
  ];
  const adapters: AdapterEntry[] = adapterModels.map((adapter) => ({
    port: adapter.port.id,
    name: adapter.name,
    origin: adapter.origin,
    binding: adapter.binding,
    location: adapter.site ? locationOf(adapter.site) : null,
    handlers: [...adapter.handlers],
  }));
  adapters.sort(
    by(
      (a) => a.port,
      (a) => a.name,
      (a) => a.location?.file ?? null,
      (a) => a.location?.line ?? null,
    ),
  );

  const applications: ApplicationEntry[] = descriptors.applications.map((application) => ({
    location: locationOf(application.site),
    features: sortedUnique(
      application.features.map(
        (feature) => featureOfSite(feature.site) ?? feature.declaredId ?? "?",
      ),
    ),
    adapters: application.adapters
      .map((adapter) => ({ port: adapter.port.id, name: adapter.name }))
      .sort(
        by(
          (a) => a.port,
          (a) => a.name,
        ),
      ),
  }));
  applications.sort(
    by(
      (a) => a.location.file,
      (a) => a.location.line,
    ),
  );

  const events: EventEntry[] = descriptors.events.map((event) => ({
    id: event.id,
    version: event.version,
    feature: featureOfSite(event.site),
    name: event.binding,
    location: locationOf(event.site),
    payload: event.payload,
    emittedBy: sortedUnique(event.emittedBy),
  }));
  events.sort(
    by(
      (e) => e.id,
      (e) => e.version,
      (e) => e.location.file,
      (e) => e.location.line,
    ),
  );

  const invariants: InvariantEntry[] = descriptors.invariants.map((invariant: InvariantModel) => ({
    id: invariant.id,
    feature: featureOfSite(invariant.site),
    name: invariant.binding,
    location: locationOf(invariant.site),
    description: invariant.description,
    dependsOn: sortedUnique(
      invariant.dependsOn.map((contract) => featureOfSite(contract.site) ?? contract.id ?? "?"),
    ),
    evidence: invariant.evidence,
    preservedBy: sortedUnique(invariant.preservedBy),
    assertions: invariant.assertions
      .map((assertion) => ({
        file: assertion.site.file.path,
        line: lineOf(assertion.site),
        operation: assertion.operation?.id ?? null,
        test: assertion.test,
      }))
      .sort(
        by(
          (a) => a.file,
          (a) => a.line,
        ),
      ),
    tests: testsOf(invariantTests, invariant.id),
  }));
  invariants.sort(
    by(
      (i) => i.id,
      (i) => i.location.file,
      (i) => i.location.line,
    ),
  );

  const permissionMap = new Map<string, Set<string>>();
  for (const operation of descriptors.operations) {
    for (const permission of operation.permissions) {
      const set = permissionMap.get(permission) ?? new Set();
      set.add(operation.id);
      permissionMap.set(permission, set);
    }
  }
  const permissions: PermissionEntry[] = [...permissionMap]
    .map(([permission, ids]) => ({ permission, operations: sortedUnique(ids) }))
    .sort(by((p) => p.permission));

  tests.sort(by((t) => t.file));

  const files: FileEntry[] = loaded.files.map((file) => ({
    path: file.path,
    feature: featureIdOfFile(file),
    role: roles.role(file),
    imports: (analysis.imports.get(file) ?? [])
      .map((item) => item.edge)
      .sort(
        by(
          (e) => e.line,
          (e) => e.specifier,
          (e) => e.form,
        ),
      ),
  }));

  const unresolved: UnresolvedEntry[] = analysis.unresolved.map((item) => {
    const location = locationOf(item.site);
    return {
      kind: item.kind,
      file: location.file,
      line: location.line,
      column: location.column,
      reason: item.reason,
    };
  });
  unresolved.sort(
    by(
      (u) => u.file,
      (u) => u.line,
      (u) => u.column,
      (u) => u.kind,
      (u) => u.reason,
    ),
  );
  const uniqueUnresolved = unresolved.filter(
    (item, index) => index === 0 || JSON.stringify(item) !== JSON.stringify(unresolved[index - 1]),
  );

  const diagnosticEntries: DiagnosticEntry[] = diagnostics.map((item) => ({
    code: item.code,
    severity: item.severity,
    message: item.message,
    file: item.site?.file.path ?? null,
    line: item.site ? (item.line ?? lineOf(item.site)) : null,
    related: item.related
      .map((site) => ({ file: site.file.path, line: lineOf(site) }))
      .sort(
        by(
          (r) => r.file,
          (r) => r.line,
        ),
      ),
  }));
  diagnosticEntries.sort(
    by(
      (d) => d.file,
      (d) => d.line,
      (d) => d.code,
      (d) => d.message,
    ),
  );

  const sortedViolations = [...violations].sort(
    by(
      (v) => v.file,
      (v) => v.line,
      (v) => v.column,
      (v) => v.rule,
      (v) => v.message,
    ),
  );

  return {
    $schema: INDEX_SCHEMA_URL,
    schemaVersion: INDEX_SCHEMA_VERSION,
    generator: { name: "agentix", version: ANALYZER_VERSION, typescript: ts.version },
    project: {
      tsconfig:
        relativeToRoot(loaded.root, loaded.tsconfigFile) ?? path.basename(loaded.tsconfigFile),
      config: loaded.config.configFile
        ? (relativeToRoot(loaded.root, loaded.config.configFile) ?? null)
        : null,
      featureDirectories: [...loaded.config.features.directories],
    },
    source: sourceManifest(analysis),
    features,
    operations,
    ports,
    adapters,
    applications,
    events,
    invariants,
    permissions,
    tests,
    files,
    violations: sortedViolations,
    diagnostics: diagnosticEntries,
    unresolved: uniqueUnresolved,
  };
}

/**
 * The features a file depends on through its imports, directly or through shared code (a test
 * of the composition root reaches every feature the application is made of).
 */
function featuresReached(analysis: Analysis, start: ProjectFile): Set<string> {
  const features = new Set<string>();
  const seen = new Set<ProjectFile>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const item of analysis.imports.get(file) ?? []) {
      if (item.target.kind !== "file" || seen.has(item.target.file)) continue;
      seen.add(item.target.file);
      const feature = analysis.roles.featureOf(item.target.file);
      if (feature) features.add(feature.id);
      queue.push(item.target.file);
    }
  }
  return features;
}

/** The files whose content the index depends on, with their hashes, and one digest over them. */
export function sourceManifest(analysis: Pick<Analysis, "loaded">): AgentixIndex["source"] {
  const { loaded } = analysis;
  const entries: ManifestEntry[] = [];
  const seen = new Set<string>();
  const add = (absolute: string) => {
    const relative = relativeToRoot(loaded.root, absolute);
    if (relative === undefined || seen.has(relative)) return;
    seen.add(relative);
    let content: string;
    try {
      // Line endings are normalised: a Windows checkout (CRLF) gives the same index.
      content = readFileSync(absolute, "utf8").replace(/\r\n/gu, "\n");
    } catch {
      return;
    }
    entries.push({ path: relative, sha256: sha256(content) });
  };
  for (const file of loaded.files) add(path.resolve(file.fileName));
  for (const file of loaded.tsconfigFiles) add(file);
  if (loaded.config.configFile) add(loaded.config.configFile);
  entries.sort(by((e) => e.path));
  return {
    digest: `sha256:${sha256(entries.map((e) => `${e.path} ${e.sha256}\n`).join(""))}`,
    files: entries,
  };
}

type DescriptorSites = Map<ts.Node, { kind: ContractExport["kind"]; id: string | null }>;

const descriptorSitesCache = new WeakMap<Analysis, DescriptorSites>();

/** Every descriptor by the node of its site, built once per analysis. */
function descriptorSites(analysis: Analysis): DescriptorSites {
  const cached = descriptorSitesCache.get(analysis);
  if (cached) return cached;
  const descriptors = analysis.descriptors;
  const byCall: DescriptorSites = new Map();
  for (const m of descriptors.ports)
    if (m.site) byCall.set(m.site.node, { kind: "port", id: m.id });
  for (const m of descriptors.events) byCall.set(m.site.node, { kind: "event", id: m.id });
  for (const m of descriptors.contracts) byCall.set(m.site.node, { kind: "contract", id: m.id });
  for (const m of descriptors.operations) byCall.set(m.site.node, { kind: "operation", id: m.id });
  for (const m of descriptors.invariants) byCall.set(m.site.node, { kind: "invariant", id: m.id });
  for (const m of descriptors.features)
    byCall.set(m.site.node, { kind: "feature", id: m.declaredId });
  for (const m of descriptors.adapters)
    if (m.site) byCall.set(m.site.node, { kind: "adapter", id: m.port.id });
  descriptorSitesCache.set(analysis, byCall);
  return byCall;
}

/** What a contract file exports, and what each export is. */
function contractExports(analysis: Analysis, file: ProjectFile): ContractExport[] {
  const tables = analysis.resolver.tablesOf(file.sourceFile);
  const byCall = descriptorSites(analysis);
  const out: ContractExport[] = [];
  for (const [name, entry] of tables.exports) {
    const line = (node: ts.Node) =>
      file.sourceFile.getLineAndCharacterOfPosition(node.getStart(file.sourceFile)).line + 1;
    if (
      entry.kind === "local" &&
      !tables.bindings.has(entry.local) &&
      tables.types.has(entry.local)
    ) {
      out.push({ name, kind: "type", id: null, line: line(entry.node) });
      continue;
    }
    const origin = analysis.resolver.exportOf(file, name, 0, file.sourceFile);
    let kind: ContractExport["kind"] = "value";
    let id: string | null = null;
    let at: ts.Node =
      entry.kind === "local"
        ? entry.node
        : entry.kind === "expression"
          ? entry.expression
          : entry.literal;
    if (origin.kind === "node") {
      const descriptor = findDescriptor(origin.node, byCall);
      if (descriptor) {
        kind = descriptor.kind;
        id = descriptor.id;
      } else if (isSchemaCall(analysis, origin.node)) {
        kind = "schema";
      }
      if (origin.file === file.sourceFile && entry.kind === "local") at = entry.node;
    }
    out.push({ name, kind, id, line: line(at) });
  }
  return out.sort(by((e) => e.name));
}

function findDescriptor(
  node: ts.Node,
  byCall: Map<ts.Node, { kind: ContractExport["kind"]; id: string | null }>,
) {
  // Descriptor sites are the variable statement (or the call): match either.
  const direct = byCall.get(node);
  if (direct) return direct;
  let current: ts.Node | undefined = node.parent;
  for (let depth = 0; current && depth < 4; depth += 1, current = current.parent) {
    const found = byCall.get(current);
    if (found) return found;
  }
  return undefined;
}

function isSchemaCall(analysis: Analysis, node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = analysis.resolver.resolve(node.expression);
  return (
    callee.kind === "external" &&
    callee.module === "agentix" &&
    callee.path.length === 2 &&
    callee.path[0] === "s"
  );
}
