export interface DefectReport {
  readonly operation: string;
  /** The port operation whose adapter threw, when it was an adapter. */
  readonly portOperation?: string;
  readonly cause: unknown;
}

export type DefectHook = (report: DefectReport) => void;

/**
 * Hands a report to the defect hook, which may itself be broken: a hook that throws (or
 * returns a rejecting promise) is reported once on `console.error` and never reaches the
 * operation, so it cannot turn a latched fault into anything else.
 */
export function reportDefect(hook: DefectHook, report: DefectReport): void {
  try {
    const returned: unknown = hook(report);
    if (returned instanceof Promise) returned.catch((error: unknown) => hookFailed(report, error));
  } catch (error) {
    hookFailed(report, error);
  }
}

function hookFailed(report: DefectReport, error: unknown): void {
  try {
    console.error(`[agentix] the onDefect hook threw while reporting a defect in ${report.operation}:`, error);
  } catch {
    // console itself is broken: nothing is left to report to.
  }
}
