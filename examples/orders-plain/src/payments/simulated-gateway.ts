import { ChargeLedger, type ChargeRequest, type ChargeResult, type PaymentGateway } from "./payment-gateway.js";

/**
 * A deterministic stand-in for the provider, for running the server by hand:
 *   card token `tok_declined`           -> declined, card_declined
 *   card token `tok_insufficient_funds` -> declined, insufficient_funds
 *   an amount over `limitCents`         -> declined, limit_exceeded
 *   anything else                       -> approved, charge id `ch_<idempotency key>`
 */
export class SimulatedGateway implements PaymentGateway {
  private readonly ledger = new ChargeLedger();

  constructor(private readonly limitCents = 500_000) {}

  charge({ idempotencyKey, amountCents, cardToken }: ChargeRequest): Promise<ChargeResult> {
    const previous = this.ledger.approvedUnder(idempotencyKey);
    if (previous !== undefined) return Promise.resolve({ approved: true, chargeId: previous });
    if (cardToken === "tok_declined") return Promise.resolve({ approved: false, reason: "card_declined" });
    if (cardToken === "tok_insufficient_funds") return Promise.resolve({ approved: false, reason: "insufficient_funds" });
    if (amountCents > this.limitCents) return Promise.resolve({ approved: false, reason: "limit_exceeded" });
    return Promise.resolve(this.ledger.approve(idempotencyKey));
  }

  refund(chargeId: string): Promise<void> {
    // The executor turns a refused refund into a rejection, as a network call would give.
    return new Promise((resolve) => {
      this.ledger.refund(chargeId);
      resolve();
    });
  }
}
