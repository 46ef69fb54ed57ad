// A package of tests that drive an application from outside (Playwright or Cypress specs beside
// the app they visit, supertest against its URL) is linked to that app by no import, so no link
// of workspace/affected.ts reaches it: any package's application change reaches its drivers
// (select-tests.ts, ChangedElsewhere). Such a change is no link either: nothing spreads from it.
import type { AffectedResult } from "../affected/result.js";
import type { ChangedElsewhere } from "../affected/select-tests.js";
import type { WorkspacePackage } from "./discover.js";
import type { ProjectSummary } from "./project-summary.js";

/** Whether an answer reached code of the package outside its tests (and declarations). */
export function changesApplication(summary: ProjectSummary, result: AffectedResult): boolean {
  const application = new Set(
    summary.files.filter((file) => !file.test && !file.declaration).map((file) => file.path),
  );
  return result.affected.files.some((file) => application.has(file));
}

/**
 * When some package's answer changed its application, answers again (with `answer`) each package
 * whose tests drive one from outside and whose own answer changed none of its application.
 */
export function answerDrivers(
  analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>,
  results: ReadonlyMap<WorkspacePackage, AffectedResult>,
  answer: (pkg: WorkspacePackage, changedElsewhere: ChangedElsewhere) => unknown,
): void {
  const changed = (pkg: WorkspacePackage, result: AffectedResult | undefined): boolean => {
    const summary = analyses.get(pkg);
    return summary !== undefined && result !== undefined && changesApplication(summary, result);
  };
  if (![...results].some(([pkg, result]) => changed(pkg, result))) return;
  for (const [pkg, summary] of analyses)
    if (summary.drivesFromOutside && !changed(pkg, results.get(pkg)))
      answer(pkg, { runtime: false, application: true });
}
