// Stage: which tests exercise what. A test file that passes descriptors to agentix/testing
// helpers (or assertInvariant) is linked by those calls; one that does not falls back to its
// name, its feature folder, or the features its imports reach. Operations and invariants then
// collect their tests, strongest link first.
import path from "node:path";
import type { Analysis } from "../analyze.js";
import { lineOf } from "../extract/location.js";
import type { OperationModel, TestCallModel } from "../extract/model.js";
import type { OperationTest, TestEntry, TestLink, TestLinkKind } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique, withoutRepeats } from "./order.js";
import { doublesLinker } from "./test-doubles.js";

export interface TestLinks {
  /** Every test file and its links, sorted by file. */
  readonly entries: readonly TestEntry[];
  ofOperation(id: string): OperationTest[];
  ofInvariant(id: string): OperationTest[];
  /** Test files linked to the feature or to anything in it. */
  ofFeature(id: string): string[];
}

/** Strength of a test link, strongest first. */
const LINK_RANK: Readonly<Record<TestLinkKind, number>> = { call: 0, name: 1, feature: 2 };

/** Test files per id, each with its strongest link. */
class RankedLinks {
  private readonly byId = new Map<string, Map<string, TestLinkKind>>();

  add(id: string, file: string, link: TestLinkKind): void {
    const files = this.byId.get(id) ?? new Map<string, TestLinkKind>();
    const previous = files.get(file);
    if (previous === undefined || LINK_RANK[link] < LINK_RANK[previous]) files.set(file, link);
    this.byId.set(id, files);
  }

  of(id: string): OperationTest[] {
    return [...(this.byId.get(id) ?? new Map<string, TestLinkKind>())]
      .map(([file, link]) => ({ file, by: link }))
      .sort(
        orderBy(
          (t) => LINK_RANK[t.by],
          (t) => t.file,
        ),
      );
  }
}

export function linkTests(context: BuildContext): TestLinks {
  const { analysis, featureOfSite } = context;
  const { loaded, roles, descriptors } = analysis;
  const linksOf = fileLinker(context);
  const doublesOf = doublesLinker(context);
  const entries: TestEntry[] = [];
  const operationTests = new RankedLinks();
  const invariantTests = new RankedLinks();
  const featureLinks = new Map<string, Set<string>>();
  for (const file of loaded.files.filter((candidate) => roles.role(candidate) === "test")) {
    const links = linksOf(file);
    entries.push({
      file: file.path,
      feature: roles.featureOf(file)?.id ?? null,
      links,
      doubles: doublesOf(file, importedHelpers(analysis, file)),
    });
    for (const link of links) {
      if (link.target === "operation")
        operationTests.add(link.id, file.path, link.by === "call" ? "call" : "name");
      else if (link.target === "invariant") invariantTests.add(link.id, file.path, "call");
      else addTo(featureLinks, link.id, file.path);
    }
  }
  const operationFeature = new Map(
    descriptors.operations.map((operation) => [operation.id, featureOfSite(operation.site)]),
  );
  for (const operation of descriptors.operations) {
    const feature = operationFeature.get(operation.id);
    if (feature)
      for (const file of featureLinks.get(feature) ?? [])
        operationTests.add(operation.id, file, "feature");
  }
  for (const invariant of descriptors.invariants) {
    const feature = featureOfSite(invariant.site);
    if (feature)
      for (const file of featureLinks.get(feature) ?? [])
        invariantTests.add(invariant.id, file, "feature");
  }
  const featureTests = new Map<string, Set<string>>();
  for (const test of entries) {
    for (const link of test.links) {
      const feature =
        link.target === "feature"
          ? link.id
          : link.target === "operation"
            ? operationFeature.get(link.id)
            : link.target === "port"
              ? featureOfSite(descriptors.ports.find((p) => p.id === link.id)?.site ?? null)
              : featureOfSite(descriptors.invariants.find((i) => i.id === link.id)?.site ?? null);
      if (feature) addTo(featureTests, feature, test.file);
    }
    if (test.feature) addTo(featureTests, test.feature, test.file);
  }
  return {
    entries: entries.sort(orderBy((t) => t.file)),
    ofOperation: (id) => operationTests.of(id),
    ofInvariant: (id) => invariantTests.of(id),
    ofFeature: (id) => sortedUnique(featureTests.get(id) ?? []),
  };
}

/** Test helpers and shared files a test imports at run time (not feature code). */
function importedHelpers({ imports, roles }: Analysis, file: ProjectFile): ProjectFile[] {
  const helpers: ProjectFile[] = [];
  for (const entry of imports.get(file) ?? []) {
    if (entry.edge.typeOnly || entry.target.kind !== "file" || entry.target.file === file) continue;
    const role = roles.role(entry.target.file);
    if (role === "test" || role === "shared") helpers.push(entry.target.file);
  }
  return helpers;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set();
  set.add(value);
  map.set(key, set);
}

/** The links of one test file: its agentix/testing calls, else the naming fallback. */
function fileLinker({ analysis, featureOfSite }: BuildContext): (file: ProjectFile) => TestLink[] {
  const { roles, descriptors } = analysis;
  const callsByFile = new Map<ProjectFile, TestCallModel[]>();
  for (const call of descriptors.testCalls) {
    const role = roles.role(call.site.file);
    if (role !== "test" && role !== "shared") continue;
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
  const linksOfCall = (call: TestCallModel, line: number | null): TestLink[] => [
    ...(call.operation
      ? [{ target: "operation", id: call.operation.id, by: "call", via: call.via, line } as const]
      : []),
    ...(call.invariant
      ? [{ target: "invariant", id: call.invariant.id, by: "call", via: call.via, line } as const]
      : []),
    ...(call.port
      ? [{ target: "port", id: call.port.id, by: "call", via: call.via, line } as const]
      : []),
  ];
  return (file) => {
    const links: TestLink[] = [];
    for (const call of callsByFile.get(file) ?? [])
      links.push(...linksOfCall(call, lineOf(call.site)));
    // A helper the test imports (a contract suite in test/storage-contract.ts) runs in its cases:
    // its calls link the test too, without a line of the test's own.
    for (const helper of importedHelpers(analysis, file))
      for (const call of callsByFile.get(helper) ?? []) links.push(...linksOfCall(call, null));
    // A port contract suite says which adapters the file checks, not which operations: the
    // naming fallback still says which features it belongs to.
    if (links.every((link) => link.target === "port"))
      links.push(...namedLinks(analysis, file, operationsByFeature));
    links.sort(
      orderBy(
        (l) => l.target,
        (l) => l.id,
        (l) => l.line,
        (l) => l.by,
        (l) => l.via,
      ),
    );
    return withoutRepeats(links);
  };
}

/** The naming fallback: operations named like the file, else its feature (folder or imports). */
function namedLinks(
  analysis: Analysis,
  file: ProjectFile,
  operationsByFeature: ReadonlyMap<string, readonly OperationModel[]>,
): TestLink[] {
  const feature = analysis.roles.featureOf(file);
  const stem = normalizeName(testStem(file.path));
  const candidates = feature
    ? (operationsByFeature.get(feature.id) ?? [])
    : analysis.descriptors.operations;
  const named = candidates.filter(
    (operation) =>
      normalizeName(operation.id) === stem ||
      (operation.binding !== null && normalizeName(operation.binding) === stem) ||
      (feature !== undefined && normalizeName(operation.id.split(".").pop() ?? "") === stem),
  );
  if (named.length > 0) {
    return named.map((operation) => ({
      target: "operation",
      id: operation.id,
      by: "name",
      via: null,
      line: null,
    }));
  }
  if (feature) {
    const by = normalizeName(feature.id) === stem ? "name" : "folder";
    return [{ target: "feature", id: feature.id, by, via: null, line: null }];
  }
  return [...featuresReached(analysis, file)].map((id) => ({
    target: "feature",
    id,
    by: "import",
    via: null,
    line: null,
  }));
}

function testStem(file: string): string {
  const base = path.posix.basename(file);
  return base.replace(/\.(test|spec)\.[cm]?[jt]sx?$/u, "").replace(/\.[cm]?[jt]sx?$/u, "");
}

function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/gu, "");
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
