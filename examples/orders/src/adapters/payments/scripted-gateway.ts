// A payment provider that gives the answers it was scripted with, one per new charge, in
// order: "approved" or a decline reason. main.ts builds it from ORDERS_PAYMENT_ANSWERS, so a
// scripted run (the acceptance contract, examples/orders-acceptance) decides every payment
// result. Like a real provider it honours the idempotency key: a key approved before gets its
// charge (`ch_<idempotency key>`) back without using an answer. With no answer left it fails
// as an unreachable provider would (a DEFECT: the client sees a 500, nothing is recorded).
import { implementPort, type Infer } from "agentix";
import { DeclineReason, Payments } from "../../features/payments/contract.js";

export type ScriptedAnswer = "approved" | Infer<typeof DeclineReason>;

export function scriptedGateway(script: readonly ScriptedAnswer[]) {
  const answers = [...script];
  const approved = new Map<string, string>();

  return implementPort(
    Payments,
    {
      charge: ({ idempotencyKey }) => {
        const previous = approved.get(idempotencyKey);
        if (previous !== undefined) return { ok: true, value: { chargeId: previous } };
        const answer = answers.shift();
        if (answer === undefined) throw new Error("the payment script has no answer left");
        if (answer !== "approved") return { ok: false, error: { code: "DECLINED", details: { reason: answer } } };
        const chargeId = `ch_${idempotencyKey}`;
        approved.set(idempotencyKey, chargeId);
        return { ok: true, value: { chargeId } };
      },
      refund: ({ chargeId }) => {
        // A provider refuses to refund what it never charged; so do we, loudly (a DEFECT).
        if (![...approved.values()].includes(chargeId)) throw new Error(`no charge ${chargeId} to refund`);
        return null;
      },
    },
    { name: "scripted-payment-gateway" },
  );
}
