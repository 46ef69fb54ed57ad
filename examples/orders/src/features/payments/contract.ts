// The payments feature's public surface: the only file of this folder other features import.
// Payments sits below orders in the dependency graph (orders uses it, never the reverse), so
// a payment refers to its order by a plain string.
import { defineContract, definePort, portOperation, s, type Infer } from "agentix";

/** `pay_` followed by an id from the `Ids` port. */
export const PaymentId = s.brand("PaymentId", s.string({ pattern: "^pay_[A-Za-z0-9-]+$", maxLength: 64 }));
export type PaymentId = Infer<typeof PaymentId>;

/** Number.MAX_SAFE_INTEGER: every integer here stays within what SQLite and JavaScript both hold exactly. */
const MAX_SAFE_INTEGER = 9_007_199_254_740_991;

/** A charge's id at the payment provider. */
export const ChargeId = s.string({ minLength: 1, maxLength: 200 });

/** A tokenised card, as the provider's client-side library hands it out; never a card number. */
export const CardToken = s.string({ pattern: "^tok_[a-z0-9_]+$", maxLength: 100 });

export const AmountCents = s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER });

/** A captured payment, as recorded by us (the provider keeps its own record of the charge). */
export const Payment = s.object({
  id: PaymentId,
  orderId: s.string({ minLength: 1 }),
  amountCents: AmountCents,
  chargeId: ChargeId,
  capturedAt: s.string({ format: "date-time" }),
});
export type Payment = Infer<typeof Payment>;

export const DeclineReason = s.enum(["card_declined", "insufficient_funds", "limit_exceeded"]);
export type DeclineReason = Infer<typeof DeclineReason>;

/**
 * The card payment provider: an external system. A decline is a declared error, so `charge`
 * returns an outcome the caller must look at, never an exception.
 */
export const Payments = definePort({
  id: "payments.gateway",
  description: "The card payment provider.",
  operations: {
    /**
     * Charges a card. The provider treats `idempotencyKey` as the charge's identity: once a key
     * is approved, charging with it again returns the same charge instead of charging twice.
     */
    charge: portOperation({
      id: "payments.gateway.charge",
      kind: "external",
      input: s.object({ idempotencyKey: s.string({ minLength: 1, maxLength: 200 }), amountCents: AmountCents, cardToken: CardToken }),
      output: s.object({ chargeId: ChargeId }),
      errors: { DECLINED: s.object({ reason: DeclineReason }) },
    }),
    /** Gives a captured charge back in full (compensation when what it paid for is gone). */
    refund: portOperation({
      id: "payments.gateway.refund",
      kind: "external",
      input: s.object({ chargeId: ChargeId }),
      output: s.literal(null),
    }),
  },
});

/**
 * Recorded payments. They are written by the orders feature's unit of work
 * (`orders.store.mark-paid`), in the same transaction as the order they pay, so this store
 * only reads.
 */
export const PaymentStore = definePort({
  id: "payments.store",
  description: "Recorded payments (read side).",
  operations: {
    get: portOperation({ id: "payments.store.get", kind: "read", input: PaymentId, output: s.union([Payment, s.literal(null)]) }),
  },
});

export const paymentsContract = defineContract({
  id: "payments",
  description: "Charging cards through the payment provider, and the payments recorded for orders.",
  schemas: { PaymentId, ChargeId, CardToken, AmountCents, Payment, DeclineReason },
  ports: [Payments, PaymentStore],
});
