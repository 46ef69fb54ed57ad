// Property tests of the orders feature, generated from the schemas it already declares: the
// invariant over every consistent order and payment, and paying an order over every card token.
import { assertInvariant, type Input } from "agentix";
import { memoryPort, sequentialIds, fakeClock } from "agentix/testing";
import { arbitrary, checkInvariant, checkOperation } from "agentix/testing/property";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CardToken, Payment, Payments } from "../payments/contract.js";
import { Order, OrderStore } from "./contract.js";
import { paidOrderHasPayment } from "./invariants.js";
import { payOrder } from "./operations.js";

/**
 * Orders and payments as the operations record them: an unpaid order has no payment; a paid
 * one has the payment recorded against it, for its full total. Everything else is generated.
 */
const recorded = fc.tuple(arbitrary(Order), arbitrary(Payment)).map(([order, payment]) =>
  order.status === "paid"
    ? { order: { ...order, paymentId: payment.id }, payment: { ...payment, orderId: order.id, amountCents: order.totalCents } }
    : { order: { ...order, paymentId: null }, payment: null },
);

describe("orders.paid-order-has-payment", () => {
  test("holds for every order and payment recorded the way the operations record them", () => {
    checkInvariant(paidOrderHasPayment, { evidence: recorded });
  });

  test("does not hold for just any order and payment: the check is not vacuous", () => {
    expect(() => checkInvariant(paidOrderHasPayment, { seed: 1 })).toThrow('InvariantViolation: invariant "orders.paid-order-has-payment" does not hold');
  });
});

const pending: Input<typeof Order> = {
  id: "ord_3",
  customerId: "cus_1",
  lines: [{ productId: "prd_1", quantity: 2, unitPriceCents: 2_500 }],
  totalCents: 5_000,
  status: "pending_payment",
  paymentId: null,
  createdAt: "2026-03-01T09:00:00.000Z",
};

/** A provider that declines some generated tokens, and a store that records what it is given. */
function payment() {
  const recordedPayments: Input<typeof Payment>[] = [];
  const adapters = [
    memoryPort(OrderStore, {
      get: (id) => (id === pending.id ? pending : null),
      markPaid: ({ payment: paid }) => {
        recordedPayments.push(paid);
        return { ok: true, value: { ...pending, status: "paid", paymentId: paid.id } };
      },
    }),
    memoryPort(Payments, {
      charge: ({ idempotencyKey, cardToken }) =>
        cardToken.length % 3 === 0 ? { ok: false, error: { code: "DECLINED", details: { reason: "card_declined" } } } : { ok: true, value: { chargeId: `ch_${idempotencyKey}` } },
    }),
    sequentialIds(),
    fakeClock("2026-03-01T09:05:00.000Z"),
  ];
  return { adapters, recordedPayments };
}

describe("orders.pay over every card token", () => {
  test("never a DEFECT; a paid order keeps the invariant with the payment recorded for it; a declined one is unchanged", async () => {
    let current = payment();
    await checkOperation(payOrder, {
      input: fc.record({ orderId: fc.constant(pending.id), cardToken: arbitrary(CardToken) }),
      adapters: () => {
        current = payment();
        return current.adapters;
      },
      property: (run) => {
        if (run.outcome.ok) {
          expect(current.recordedPayments).toHaveLength(1);
          assertInvariant(paidOrderHasPayment, { order: run.outcome.value, payment: current.recordedPayments[0] as Input<typeof Payment> });
        } else {
          expect(run.outcome.error.code).toBe("PAYMENT_DECLINED");
          expect(current.recordedPayments).toEqual([]);
        }
      },
    });
  });
});
