// One project's analysis kept warm (AnalysisSession) as the AnalysisSource verbs read through
// `io.analyses`: what `agentix mcp` serves from, and what the CLI tests run verbs on.
import { AnalysisSession } from "../analysis-session.js";
import type { AnalysisSource } from "./io.js";

export function warmSource(root: string, tsconfigFile: string, cwd: string): AnalysisSource {
  const session = new AnalysisSession({ root, tsconfig: tsconfigFile, cwd });
  return {
    root,
    tsconfigFile,
    analysis: () => session.analysis(),
    index: () => session.index(),
    modelIndex: () => session.modelIndex(),
  };
}
