// Verbs run in-process on one project, sharing one warm analysis between runs, as `agentix mcp`
// does: a run after an edit re-reads what changed, not the whole program. The warm session's
// answers equal a cold run's (test/analyzer/analysis-session.test.ts holds that), so tests of
// what a verb answers use this, and keep the built bin for what only a process shows (exit
// codes through main, stdout/stderr separation).
import path from "node:path";
import { run } from "../../analyzer/cli/main.js";
import { warmSource } from "../../analyzer/cli/warm-source.js";
import { recordingIO, type CliRun } from "./analyzer-fixtures.js";

/** A runner of `agentix <args>` in `root` (whose tsconfig.json is the project), warm after the first run. */
export function warmCli(root: string): (args: readonly string[]) => Promise<CliRun> {
  const analyses = warmSource(root, path.join(root, "tsconfig.json"), root);
  return async (args) => {
    const { io, stdout, stderr } = recordingIO(root);
    const code = await run(args, { ...io, analyses });
    return { code, stdout: stdout(), stderr: stderr() };
  };
}
