// The project a verb works on: the one --project and --root name (relative to the working
// directory), analysed with a progress line on a terminal.
import { analyze, type Analysis } from "../analyze.js";
import { buildValidatedIndex } from "../index-builder/build-index.js";
import type { AgentixIndex } from "../index-file/types.js";
import { resolveProjectPaths, type LoadProjectOptions } from "../project/load-project.js";
import { Progress, type AnalysisSource, type CliIO } from "./io.js";

export interface ProjectArgs {
  readonly project?: string | undefined;
  readonly root?: string | undefined;
}

export function projectOptions(values: ProjectArgs): LoadProjectOptions {
  return {
    ...(values.project !== undefined ? { tsconfig: values.project } : {}),
    ...(values.root !== undefined ? { root: values.root } : {}),
  };
}

/** The analysis (not yet an index), for verbs that need the program: affected, verify. */
export function projectAnalysis(values: ProjectArgs, io: CliIO): Analysis {
  const progress = new Progress(io);
  try {
    return analyzeWithProgress(values, io, progress);
  } finally {
    progress.done();
  }
}

/** The project's validated index, as `agentix index` writes it. */
export function projectIndex(
  values: ProjectArgs,
  io: CliIO,
): { index: AgentixIndex; root: string; timings: Record<string, number> } {
  const progress = new Progress(io);
  try {
    const source = sessionFor(values, io);
    if (source) return { index: source.index(), root: source.root, timings: {} };
    const started = performance.now();
    const analysis = analyzeWithProgress(values, io, progress);
    progress.update("building the index", 0, 0);
    const index = buildValidatedIndex(analysis);
    analysis.timings["total"] = Math.round(performance.now() - started);
    return { index, root: analysis.loaded.root, timings: analysis.timings };
  } finally {
    progress.done();
  }
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
    ...(values.project !== undefined ? { tsconfig: tsconfigFile } : {}),
    onProgress: (phase, done, total) => progress.update(phase, done, total),
  });
}

/** JSON for stdout: indented, or one line with --compact. */
export function jsonOutput(value: unknown, compact: boolean): string {
  return `${compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`;
}
