// `agentix/analyzer` as the package exports it: the analyzer's toolchain (ts-morph, typescript,
// ESLint's parser packages) is an optional peer a production install leaves out, so it is
// checked before the analyzer's modules are linked, and a missing package is one clear error.
// index.ts is the library; its declarations are the entry's (entry.test.ts keeps the names equal).
import { ANALYZER_TOOLCHAIN, requireToolchain } from "../schema/toolchain.js";

requireToolchain("agentix/analyzer", ANALYZER_TOOLCHAIN);
const analyzer = await import("./index.js");

export const {
  ANALYZER_VERSION,
  AgentixError,
  INDEX_DIRECTORY,
  INDEX_FILE_NAME,
  INDEX_SCHEMA_URL,
  INDEX_SCHEMA_VERSION,
  InvalidIndexError,
  ProjectLoadError,
  analyze,
  analyzeLoaded,
  analyzeProject,
  assertValidIndex,
  buildIndex,
  buildValidatedIndex,
  collectViolations,
  compareIndex,
  findCycles,
  findCyclicComponents,
  indexBytes,
  indexPath,
  indexProblems,
  loadProject,
  resolveProjectPaths,
  serializeIndex,
  writeFileAtomic,
} = analyzer;
