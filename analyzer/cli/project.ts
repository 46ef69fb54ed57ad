import path from "node:path";
import { analyze, type Analysis } from "../analyze.js";
import { indexOf } from "../index.js";
import type { AgentixIndex } from "../index-file/types.js";
import type { LoadProjectOptions } from "../project/load-project.js";
import { Progress, type CliIO } from "./io.js";

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

/** The analysis itself (not yet an index), for verbs that need the program: affected, verify. */
export function analysisForCli(values: ProjectArgs, io: CliIO): Analysis {
  const progress = new Progress(io);
  const options = projectOptions(values);
  progress.update("loading the project", 0, 0);
  try {
    return analyze({
      ...(options.tsconfig !== undefined
        ? { tsconfig: resolveFrom(io.cwd, options.tsconfig) }
        : {}),
      root: resolveFrom(
        io.cwd,
        options.root ??
          (options.tsconfig !== undefined ? dirOf(resolveFrom(io.cwd, options.tsconfig)) : "."),
      ),
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
  } finally {
    progress.done();
  }
}

/** Analyses the project named by --project/--root (relative to the working directory), with a progress line. */
export function analyzeForCli(
  values: ProjectArgs,
  io: CliIO,
): { index: AgentixIndex; root: string; timings: Record<string, number> } {
  const progress = new Progress(io);
  const options = projectOptions(values);
  const resolved: LoadProjectOptions = {
    ...(options.tsconfig !== undefined ? { tsconfig: resolveFrom(io.cwd, options.tsconfig) } : {}),
    root: resolveFrom(
      io.cwd,
      options.root ??
        (options.tsconfig !== undefined ? dirOf(resolveFrom(io.cwd, options.tsconfig)) : "."),
    ),
  };
  progress.update("loading the project", 0, 0);
  try {
    const started = performance.now();
    const analysis = analyze({
      ...resolved,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
    progress.update("building the index", 0, 0);
    const index = indexOf(analysis);
    analysis.timings["total"] = Math.round(performance.now() - started);
    return { index, root: analysis.loaded.root, timings: analysis.timings };
  } finally {
    progress.done();
  }
}

function resolveFrom(cwd: string, value: string): string {
  return path.resolve(cwd, value);
}

function dirOf(file: string): string {
  return path.dirname(file);
}

/** JSON for stdout: indented, or one line with --compact. */
export function jsonOutput(value: unknown, compact: boolean): string {
  return `${compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`;
}
