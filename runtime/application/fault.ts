import type { FrameworkError, FrameworkErrorCode, FrameworkErrorDetails } from "./outcome.js";

/** Faults raised by dispatch itself; a fault constructed elsewhere is an ordinary exception. */
const issued = new WeakSet<BoundaryFault>();

/**
 * Raised inside `execute` when a boundary is crossed wrongly (an undeclared effect, a revoked
 * context, an adapter breaking its port's schema). Dispatch latches the first one, so an
 * operation that catches it still fails with it.
 */
export class BoundaryFault extends Error {
  override readonly name = "BoundaryFault";
  constructor(
    readonly code: FrameworkErrorCode,
    message: string,
    readonly details?: FrameworkErrorDetails,
  ) {
    super(message);
  }

  toError(): FrameworkError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** A fault raised by dispatch (so one that escapes another dispatch's `execute` keeps its code). */
export function issueFault(code: FrameworkErrorCode, message: string, details?: FrameworkErrorDetails): BoundaryFault {
  const fault = new BoundaryFault(code, message, details);
  issued.add(fault);
  return fault;
}

export function isIssuedFault(value: unknown): value is BoundaryFault {
  return value instanceof BoundaryFault && issued.has(value);
}
