import type { FrameworkError, FrameworkErrorCode, FrameworkErrorDetails } from "./outcome.js";

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
