// agentix/analyzer: the programmatic API of the analyzer. It loads a project with ts-morph,
// extracts its model statically (never running project code) and builds the index.
import { analyze, type AnalyzeOptions } from "./analyze.js";
import { buildValidatedIndex } from "./index-builder/build-index.js";
import { serializeIndex } from "./index-file/serialize.js";
import type { AgentixIndex } from "./index-file/types.js";
import type { LoadProjectOptions } from "./project/load-project.js";

export { analyze, analyzeLoaded } from "./analyze.js";
export type { Analysis, AnalyzeOptions, ResolvedImport } from "./analyze.js";
export { loadProject, resolveProjectPaths } from "./project/load-project.js";
export type { LoadedProject, LoadProjectOptions, ProjectFile } from "./project/load-project.js";
export { AgentixError, InvalidIndexError, ProjectLoadError } from "./errors.js";
export type { ErrorCode, ProjectLoadErrorCode } from "./errors.js";
export { buildIndex, buildValidatedIndex } from "./index-builder/build-index.js";
export { serializeIndex } from "./index-file/serialize.js";
export { assertValidIndex, indexProblems } from "./index-file/validate.js";
export {
  indexPath,
  writeFileAtomic,
  INDEX_DIRECTORY,
  INDEX_FILE_NAME,
} from "./index-file/write.js";
export { compareIndex } from "./index-file/staleness.js";
export type { IndexStatus, StalenessReport } from "./index-file/staleness.js";
export { collectViolations } from "./violations/collect.js";
export { findCycles, findCyclicComponents } from "./graph/cycles.js";
export { ANALYZER_VERSION } from "./version.js";
export * from "./index-file/types.js";

/**
 * Analyses the project of `tsconfig` (default `<root>/tsconfig.json`) and returns its index,
 * validated against schema/index.v2.schema.json. Throws ProjectLoadError for a missing or
 * broken tsconfig.json or agentix.config.json.
 */
export function analyzeProject(options: LoadProjectOptions & AnalyzeOptions = {}): AgentixIndex {
  return buildValidatedIndex(analyze(options));
}

/** The index bytes of a project, as `agentix index` writes them. */
export function indexBytes(options: LoadProjectOptions & AnalyzeOptions = {}): string {
  return serializeIndex(analyzeProject(options));
}
