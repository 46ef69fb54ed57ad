import { assertInvariant, InvariantViolation, type Input } from "agentix";
import { describe, expect, test } from "vitest";
import type { Order } from "./contract.js";
import { paidOrderHasPayment } from "./invariants.js";

const pending: Input<typeof Order> = {
  id: "ord_3",
  customerId: "cus_1",
  lines: [{ productId: "prd_1", quantity: 2, unitPriceCents: 2_500 }],
  totalCents: 5_000,
  status: "pending_payment",
  paymentId: null,
  createdAt: "2026-03-01T09:00:00.000Z",
};
const paid: Input<typeof Order> = { ...pending, status: "paid", paymentId: "pay_4" };
const payment = { id: "pay_4", orderId: "ord_3", amountCents: 5_000, chargeId: "ch_ord_3", capturedAt: "2026-03-01T09:05:00.000Z" };

/** The violation's message, or "holds". */
function verdict(evidence: Input<typeof paidOrderHasPayment.evidence>): string {
  try {
    assertInvariant(paidOrderHasPayment, evidence);
    return "holds";
  } catch (error) {
    if (error instanceof InvariantViolation) return error.message;
    throw error;
  }
}

describe("orders.paid-order-has-payment", () => {
  test("holds for a paid order with its payment for the full total", () => {
    expect(verdict({ order: paid, payment })).toBe("holds");
  });

  test("holds for pending and cancelled orders without a payment", () => {
    expect(verdict({ order: pending, payment: null })).toBe("holds");
    expect(verdict({ order: { ...pending, status: "cancelled" }, payment: null })).toBe("holds");
  });

  test("fails for a paid order without a payment, or with a payment of another order or amount", () => {
    const broken = 'invariant "orders.paid-order-has-payment" does not hold';
    expect(verdict({ order: paid, payment: null })).toBe(broken);
    expect(verdict({ order: paid, payment: { ...payment, orderId: "ord_8" } })).toBe(broken);
    expect(verdict({ order: paid, payment: { ...payment, amountCents: 4_999 } })).toBe(broken);
    expect(verdict({ order: { ...paid, paymentId: "pay_5" }, payment })).toBe(broken);
  });

  test("fails for an unpaid order that has a payment", () => {
    expect(verdict({ order: pending, payment })).toBe('invariant "orders.paid-order-has-payment" does not hold');
    expect(verdict({ order: { ...pending, paymentId: "pay_4" }, payment: null })).toBe('invariant "orders.paid-order-has-payment" does not hold');
  });

  test("refuses evidence that is not an order and a payment", () => {
    expect(verdict({ order: { ...pending, status: "shipped" as never }, payment: null })).toBe(
      'invariant "orders.paid-order-has-payment" got invalid evidence: /order/status must be one of ["pending_payment","paid","cancelled"]',
    );
  });
});
