/**
 * The expected failures of the shop, each with one meaning everywhere. The HTTP layer gives
 * each code its status (src/http/errors.ts); services and repositories only name the code.
 */
export type DomainErrorCode =
  | "NOT_FOUND"
  | "CUSTOMER_NOT_FOUND"
  | "PRODUCT_NOT_FOUND"
  | "EMAIL_TAKEN"
  | "CUSTOMER_SUSPENDED"
  | "OUT_OF_STOCK"
  | "ORDER_NOT_PENDING"
  | "PAYMENT_DECLINED";

/** A failure the caller caused or must handle; never a bug (those are plain errors, answered 500). */
export class DomainError extends Error {
  override readonly name = "DomainError";

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: object,
  ) {
    super(message);
  }
}
