// An analysis turned into the index: every collection sorted by its stable id, every object with
// a fixed key order, every path repository-relative. One stage per file:
//   feature-folders       the folders, their files and their descriptors
//   feature-dependencies  declared and imported dependencies, consumers, cycles
//   model-diagnostics     duplicate ids and descriptors that belong nowhere
//   test-links            which tests exercise which operations, invariants and features
//   features, operations, ports, applications, events, invariants, files
//                         one collection each
//   problems              violations, diagnostics (all stages' so far), unresolved
// A new index fact: its type in index-file/types.ts and schema/index.v2.schema.json (a test holds
// them equal), then the stage that knows it.
import type { Analysis } from "../analyze.js";
import {
  INDEX_SCHEMA_URL,
  INDEX_SCHEMA_VERSION,
  type AgentixIndex,
  type DiagnosticEntry,
} from "../index-file/types.js";
import type { ModelIndex } from "../index-file/model-index.js";
import { assertValidIndex } from "../index-file/validate.js";
import { relativeToRoot } from "../project/paths.js";
import { toPosix } from "../../schema/paths.js";
import { ts } from "../project/ts-morph.js";
import { ANALYZER_VERSION } from "../version.js";
import { collectVerdict } from "../violations/collect.js";
import type { Verdict } from "../violations/verdict.js";
import { applicationEntries } from "./applications.js";
import { buildContext } from "./context.js";
import { eventEntries } from "./events.js";
import { featureDependencies } from "./feature-dependencies.js";
import { featureFolders } from "./feature-folders.js";
import { featureEntries } from "./features.js";
import { fileEntries } from "./files.js";
import { invariantEntries } from "./invariants.js";
import { reportModelProblems } from "./model-diagnostics.js";
import { operationEntries, permissionEntries } from "./operations.js";
import { portEntries } from "./ports.js";
import {
  diagnosticEntries,
  unresolvedEntries,
  violationEntries,
  withDiagnostics,
} from "./problems.js";
import { linkTests } from "./test-links.js";
import path from "node:path";

/** A ModelIndex with the diagnostics the model stages found (sorted), for completeIndex. */
export interface IndexModel {
  readonly index: ModelIndex;
  readonly diagnostics: readonly DiagnosticEntry[];
}

/** Builds the index object; the verdict (violations, unused directives) comes from collectVerdict. */
export function buildIndex(
  analysis: Analysis,
  verdict: Verdict = { violations: [], unusedDirectives: [] },
): AgentixIndex {
  return completeIndex(buildIndexModel(analysis), verdict);
}

/** Every stage of the index but the verdict's. */
export function buildIndexModel(analysis: Analysis): IndexModel {
  const context = buildContext(analysis);
  const folders = featureFolders(context);
  const dependencies = featureDependencies(context, folders);
  reportModelProblems(context, folders);
  const tests = linkTests(context);
  const features = featureEntries(context, folders, dependencies, tests);
  const { ports, adapters } = portEntries(context);
  return {
    index: {
      $schema: INDEX_SCHEMA_URL,
      schemaVersion: INDEX_SCHEMA_VERSION,
      generator: { name: "agentix", version: ANALYZER_VERSION, typescript: ts.version },
      project: projectEntry(analysis),
      features,
      operations: operationEntries(context, tests),
      ports,
      adapters,
      applications: applicationEntries(context),
      events: eventEntries(context),
      invariants: invariantEntries(context, tests),
      permissions: permissionEntries(context),
      tests: [...tests.entries],
      files: fileEntries(context),
      unresolved: unresolvedEntries(context),
    },
    diagnostics: diagnosticEntries(context),
  };
}

/** The index of a model and a verdict, keys in the index's fixed order. */
export function completeIndex({ index, diagnostics }: IndexModel, verdict: Verdict): AgentixIndex {
  const { unresolved, ...before } = index;
  return {
    ...before,
    violations: violationEntries(verdict.violations),
    diagnostics: withDiagnostics(diagnostics, verdict.unusedDirectives),
    unresolved,
  };
}

/** The index of an analysis as `agentix index` writes it: violations included, schema-checked. */
export function buildValidatedIndex(analysis: Analysis): AgentixIndex {
  const index = buildIndex(analysis, collectVerdict(analysis));
  assertValidIndex(index);
  return index;
}

function projectEntry({ loaded }: Analysis): AgentixIndex["project"] {
  return {
    tsconfig:
      relativeToRoot(loaded.root, loaded.tsconfigFile) ?? path.basename(loaded.tsconfigFile),
    // A config inherited from a folder above the root is named by its relative path (`../../`).
    config: loaded.config.configFile
      ? toPosix(path.relative(loaded.root, loaded.config.configFile))
      : null,
    featureDirectories: [...loaded.config.features.directories],
  };
}
