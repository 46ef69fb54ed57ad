// The project a verb works on: the one --project and --root name (relative to the working
// directory), analysed with a progress line on a terminal.
import { analyze, type Analysis } from "../analyze.js";
import { buildValidatedIndex } from "../index-builder/build-index.js";
import type { AgentixIndex } from "../index-file/types.js";
import type { ModelIndex } from "../index-file/model-index.js";
import { resolveProjectPaths } from "../project/load-project.js";
import { problemLines, type LoadProblem } from "../project/tsconfig.js";
import { Progress, type AnalysisSource, type CliIO } from "./io.js";
import { projectOptions, type ProjectArgs } from "./project-args.js";

export { projectOptions, type ProjectArgs } from "./project-args.js";
export { jsonOutput } from "./json-output.js";

/** The analysis (not yet an index), for verbs that need the program: affected, verify. */
export function projectAnalysis(
  values: ProjectArgs,
  io: CliIO,
  options: { readonly announce?: boolean } = {},
): Analysis {
  const progress = new Progress(io);
  let analysis: Analysis;
  try {
    analysis = analyzeWithProgress(values, io, progress);
  } finally {
    progress.done();
  }
  if (options.announce !== false) announceProblems(analysis, io);
  return analysis;
}

/**
 * What loading the project found but did not stop for (tsconfig warnings, unreadable files,
 * tests not analysed), on stderr: `check` lists them with its other findings instead.
 */
export function announceProblems(
  analysis: { readonly loaded: { readonly problems: readonly LoadProblem[] } },
  io: CliIO,
): void {
  for (const line of problemLines(analysis.loaded.problems)) io.stderr(`agentix: ${line}\n`);
}

/** The project's validated index, as `agentix index` writes it. */
export function projectIndex(
  values: ProjectArgs,
  io: CliIO,
  options: { readonly announce?: boolean } = {},
): {
  index: AgentixIndex;
  root: string;
  timings: Record<string, number>;
  /** What the index was built from; undefined when it came from a warm session. */
  analysis: Analysis | undefined;
} {
  const progress = new Progress(io);
  let result: { index: AgentixIndex; analysis: Analysis };
  try {
    const source = sessionFor(values, io);
    if (source)
      return { index: source.index(), root: source.root, timings: {}, analysis: undefined };
    const started = performance.now();
    const analysis = analyzeWithProgress(values, io, progress);
    progress.update("building the index", 0, 0);
    result = { index: buildValidatedIndex(analysis), analysis };
    analysis.timings["total"] = Math.round(performance.now() - started);
  } finally {
    progress.done();
  }
  if (options.announce !== false) announceProblems(result.analysis, io);
  const { index, analysis } = result;
  return { index, root: analysis.loaded.root, timings: analysis.timings, analysis };
}

/** The project's index without the verdict: a warm session's model, else projectIndex's index. */
export function projectModelIndex(
  values: ProjectArgs,
  io: CliIO,
  options: { readonly announce?: boolean } = {},
): ModelIndex {
  return sessionFor(values, io)?.modelIndex() ?? projectIndex(values, io, options).index;
}

/** The warm analysis the verb runs with (io.analyses), refusing another project than its own. */
function sessionFor(values: ProjectArgs, io: CliIO): AnalysisSource | undefined {
  const source = io.analyses;
  if (!source) return undefined;
  const { root, tsconfigFile } = resolveProjectPaths(projectOptions(values), io.cwd);
  if (root !== source.root || tsconfigFile !== source.tsconfigFile)
    throw new Error(`the warm analysis is of ${source.tsconfigFile}, not of ${tsconfigFile}`);
  return source;
}

function analyzeWithProgress(values: ProjectArgs, io: CliIO, progress: Progress): Analysis {
  const source = sessionFor(values, io);
  if (source) return source.analysis();
  const { root, tsconfigFile } = resolveProjectPaths(projectOptions(values), io.cwd);
  progress.update("loading the project", 0, 0);
  return analyze({
    root,
    cwd: io.cwd,
    ...(values.project !== undefined ? { tsconfig: tsconfigFile } : {}),
    onProgress: (phase, done, total) => progress.update(phase, done, total),
  });
}
