// `agentix affected` in-process on an analysis already made: the result for some changes, as
// the CLI prints it with named targets.
import type { Analysis } from "../../analyzer/analyze.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { affectedResult, type AffectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";

export function affectedFor(analysis: Analysis, ...changes: FileChange[]): AffectedResult {
  return affectedResult(computeAffected(analysis, changes), {
    since: null,
    targets: changes.map((change) => change.path),
    changes,
  });
}

/** The selected tests as Vitest filters: a whole file as its path, else each case as `file:line`. */
export function selectionOf(result: AffectedResult): string[] {
  return result.tests.files.flatMap((file) =>
    file.whole ? [file.file] : file.cases.map((testCase) => `${file.file}:${testCase.line}`),
  );
}
