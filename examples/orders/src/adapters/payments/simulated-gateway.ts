// A stand-in for the card payment provider, for the server and the demo. It is deterministic,
// so a scripted run gives the same answers every time:
//   - card token `tok_declined`            -> DECLINED, card_declined
//   - card token `tok_insufficient_funds`  -> DECLINED, insufficient_funds
//   - an amount over `limitCents`          -> DECLINED, limit_exceeded
//   - anything else                        -> approved, charge id `ch_<idempotency key>`
// Like a real provider it honours the idempotency key: a key approved once returns the same
// charge again, without charging twice. A real adapter would call the provider's API here;
// tests use `memoryPort(Payments, ...)` from agentix/testing instead.
import { implementPort } from "agentix";
import { Payments } from "../../features/payments/contract.js";

export interface SimulatedGatewayOptions {
  /** Charges above this many cents are declined with `limit_exceeded`. Default 500000. */
  readonly limitCents?: number;
}

export function simulatedGateway(options: SimulatedGatewayOptions = {}) {
  const limitCents = options.limitCents ?? 500_000;
  const charges = new Map<string, { chargeId: string; refunded: boolean }>();

  return implementPort(
    Payments,
    {
      charge: ({ idempotencyKey, amountCents, cardToken }) => {
        const previous = charges.get(idempotencyKey);
        if (previous !== undefined) return { ok: true, value: { chargeId: previous.chargeId } };
        if (cardToken === "tok_declined") return { ok: false, error: { code: "DECLINED", details: { reason: "card_declined" } } };
        if (cardToken === "tok_insufficient_funds") return { ok: false, error: { code: "DECLINED", details: { reason: "insufficient_funds" } } };
        if (amountCents > limitCents) return { ok: false, error: { code: "DECLINED", details: { reason: "limit_exceeded" } } };
        const chargeId = `ch_${idempotencyKey}`;
        charges.set(idempotencyKey, { chargeId, refunded: false });
        return { ok: true, value: { chargeId } };
      },
      refund: ({ chargeId }) => {
        const charge = [...charges.values()].find((candidate) => candidate.chargeId === chargeId);
        // A provider refuses to refund what it never charged; so do we, loudly (a DEFECT).
        if (charge === undefined) throw new Error(`no charge ${chargeId} to refund`);
        charge.refunded = true;
        return null;
      },
    },
    { name: "simulated-payment-gateway" },
  );
}
