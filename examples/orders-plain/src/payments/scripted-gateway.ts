import { ChargeLedger, type ChargeRequest, type ChargeResult, type DeclineReason, type PaymentGateway } from "./payment-gateway.js";

export type ScriptedAnswer = "approved" | DeclineReason;

/**
 * A provider that gives the answers it was scripted with, one per new charge, in order
 * (ORDERS_PAYMENT_ANSWERS; the acceptance contract sets it). A key approved before gets its
 * charge back without using an answer. With no answer left it fails like an unreachable
 * provider would.
 */
export class ScriptedGateway implements PaymentGateway {
  private readonly ledger = new ChargeLedger();
  private readonly answers: ScriptedAnswer[];

  constructor(answers: readonly ScriptedAnswer[]) {
    this.answers = [...answers];
  }

  charge({ idempotencyKey }: ChargeRequest): Promise<ChargeResult> {
    const previous = this.ledger.approvedUnder(idempotencyKey);
    if (previous !== undefined) return Promise.resolve({ approved: true, chargeId: previous });
    const answer = this.answers.shift();
    if (answer === undefined) return Promise.reject(new Error("the payment script has no answer left"));
    return Promise.resolve(answer === "approved" ? this.ledger.approve(idempotencyKey) : { approved: false, reason: answer });
  }

  refund(chargeId: string): Promise<void> {
    // The executor turns a refused refund into a rejection, as a network call would give.
    return new Promise((resolve) => {
      this.ledger.refund(chargeId);
      resolve();
    });
  }
}
