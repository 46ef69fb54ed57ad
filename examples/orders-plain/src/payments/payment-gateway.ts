// The card payment provider, an external system. A decline is an ordinary answer, not an
// exception: `charge` resolves to a result the caller has to look at. It rejects only when the
// provider cannot be reached or misbehaves.

export const declineReasons = ["card_declined", "insufficient_funds", "limit_exceeded"] as const;
export type DeclineReason = (typeof declineReasons)[number];

export interface ChargeRequest {
  /**
   * The charge's identity at the provider: once a key is approved, charging with it again
   * returns the same charge instead of charging twice. We use the order id.
   */
  readonly idempotencyKey: string;
  readonly amountCents: number;
  readonly cardToken: string;
}

export type ChargeResult = { readonly approved: true; readonly chargeId: string } | { readonly approved: false; readonly reason: DeclineReason };

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a captured charge back in full; rejects for a charge it never made. */
  refund(chargeId: string): Promise<void>;
}

/** The bookkeeping every stand-in gateway shares: idempotency keys and refunds. */
export class ChargeLedger {
  private readonly charges = new Map<string, { readonly chargeId: string; refunded: boolean }>();

  /** The charge already approved under this key, if any. */
  approvedUnder(idempotencyKey: string): string | undefined {
    return this.charges.get(idempotencyKey)?.chargeId;
  }

  /** Records an approval; its charge id is `ch_<idempotency key>`. */
  approve(idempotencyKey: string): ChargeResult {
    const chargeId = `ch_${idempotencyKey}`;
    this.charges.set(idempotencyKey, { chargeId, refunded: false });
    return { approved: true, chargeId };
  }

  refund(chargeId: string): void {
    const charge = [...this.charges.values()].find((candidate) => candidate.chargeId === chargeId);
    if (charge === undefined) throw new Error(`no charge ${chargeId} to refund`);
    charge.refunded = true;
  }
}
