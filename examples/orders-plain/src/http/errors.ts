// Every error response has the body `{ "error": { "code", "message", "details"? } }`.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DomainErrorCode } from "../shared/domain-error.js";

export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** The status of each domain error; every operation uses a code with this one meaning. */
export const domainErrorStatus: Readonly<Record<DomainErrorCode, ContentfulStatusCode>> = {
  // The resource named by the path does not exist.
  NOT_FOUND: 404,
  // Something the request body refers to does not exist.
  CUSTOMER_NOT_FOUND: 422,
  PRODUCT_NOT_FOUND: 422,
  // The request conflicts with the current state.
  EMAIL_TAKEN: 409,
  CUSTOMER_SUSPENDED: 409,
  OUT_OF_STOCK: 409,
  ORDER_NOT_PENDING: 409,
  // The card was declined; the order is unchanged.
  PAYMENT_DECLINED: 402,
};

/** A request the HTTP layer refuses before any service runs (400, 401, 403, 404, 405, 413, 415). */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** What a client sees of a server-side fault: a fixed sentence, never internals. */
export const defectBody = errorBody("DEFECT", "The server failed to handle this request.");
