export interface DefectReport {
  readonly operation: string;
  /**
   * The port operation it happened at, when it was at a port: its adapter threw, its result
   * or its input broke its schema (the cause is then a `PortSchemaViolation` with the issues),
   * its validator failed, or no adapter is bound for it.
   */
  readonly portOperation?: string;
  /** The event whose payload validator failed, when it was one. */
  readonly event?: string;
  readonly cause: unknown;
}

export type DefectHook = (report: DefectReport) => void;

/** Without an `onDefect` hook, defects go to the console, saying where they happened. */
export const defaultDefectHook: DefectHook = (report) => {
  console.error(`[agentix] DEFECT in ${report.operation}${defectPlace(report)}:`, report.cause);
};

function defectPlace(report: DefectReport): string {
  if (report.portOperation !== undefined) return ` (at port operation ${report.portOperation})`;
  if (report.event !== undefined) return ` (payload of ${report.event})`;
  return "";
}

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
