import type { FrameworkError } from "./outcome.js";

/** `setTimeout` fires at once for longer delays, so a longer deadline means none at all. */
const MAX_TIMER_MS = 2_147_483_647;

/** A deadline is a positive number of milliseconds (`Infinity`: none). */
export function isTimeoutMs(value: unknown): value is number {
  return typeof value === "number" && value > 0;
}

/** The earlier of two deadlines; `undefined` when there is none a timer can hold. */
export function earlierDeadline(first: number | undefined, second: number | undefined): number | undefined {
  const earliest = Math.min(first ?? Infinity, second ?? Infinity);
  return earliest > MAX_TIMER_MS ? undefined : earliest;
}

export function timeoutError(operation: string, timeoutMs: number): FrameworkError {
  return { code: "TIMEOUT", message: `${operation} did not finish within ${timeoutMs} ms`, details: { timeoutMs } };
}

/** What a deadline timer aborts the adapters' signal with, as `AbortSignal.timeout` would. */
export function timeoutReason(operation: string, timeoutMs: number): DOMException {
  return new DOMException(`${operation} did not finish within ${timeoutMs} ms`, "TimeoutError");
}

/** A signal aborted with a `TimeoutError` (e.g. `AbortSignal.timeout`) is a deadline too. */
export function abortedError(operation: string, reason: unknown): FrameworkError {
  if (isTimeoutReason(reason)) return { code: "TIMEOUT", message: `${operation} did not finish before its signal timed out` };
  return { code: "ABORTED", message: `${operation} was aborted by its caller's signal` };
}

function isTimeoutReason(reason: unknown): boolean {
  try {
    return reason instanceof DOMException && reason.name === "TimeoutError";
  } catch {
    return false;
  }
}
