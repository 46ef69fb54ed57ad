import { z } from "zod";

/** `pay_` followed by an id from the id generator. */
export const PaymentId = z.string().max(64).regex(/^pay_[A-Za-z0-9-]+$/);

/** A tokenised card, as the provider's client-side library hands it out; never a card number. */
export const CardToken = z.string().max(100).regex(/^tok_[a-z0-9_]+$/);

/** A captured payment as we record it (the provider keeps its own record of the charge). */
export interface Payment {
  readonly id: string;
  readonly orderId: string;
  readonly amountCents: number;
  /** The charge's id at the provider. */
  readonly chargeId: string;
  readonly capturedAt: string;
}
