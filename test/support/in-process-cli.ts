// The agentix CLI run in-process for tests that compare answers: what it printed and its exit
// code, and a warm session as its analysis source (an answer that is always an analysis, never
// the index or the affected record).
import path from "node:path";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import type { AnalysisSource, CliIO } from "../../analyzer/cli/io.js";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO } from "./analyzer-fixtures.js";

export interface Answer {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one command line in `cwd`; `extra` overrides parts of the recording IO (e.g. `analyses`). */
export async function answer(
  argv: readonly string[],
  cwd: string,
  extra: Partial<CliIO> = {},
): Promise<Answer> {
  const recorded = recordingIO(cwd);
  const code = await run(argv, { ...recorded.io, ...extra });
  return { code, stdout: recorded.stdout(), stderr: recorded.stderr() };
}

/**
 * A warm session as the CLI's analysis source: the answer is an analysis, never the index. Of the
 * project `tsconfig` (absolute) names, else of `<root>/tsconfig.json`.
 */
export function analysesOf(root: string, tsconfig?: string): AnalysisSource {
  const session = new AnalysisSession({ root, ...(tsconfig !== undefined ? { tsconfig } : {}) });
  return {
    root,
    tsconfigFile: tsconfig ?? path.join(root, "tsconfig.json"),
    analysis: () => session.analysis(),
    index: () => session.index(),
    modelIndex: () => session.modelIndex(),
  };
}
