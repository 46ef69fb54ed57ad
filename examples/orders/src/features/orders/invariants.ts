// Invariants of the orders feature. They never run behind the code's back: the operations
// that promise to preserve one list it in `invariants` and call `assertInvariant` with the
// evidence they just committed; a violation is a DEFECT naming the invariant.
import { defineInvariant, s } from "agentix";
import { Payment, paymentsContract } from "../payments/contract.js";
import { Order, ordersContract } from "./contract.js";

/**
 * An order is paid exactly when a payment for its full total is recorded against it: a paid
 * order has its payment, and an unpaid one has none. It spans two features, so it depends on
 * both contracts; orders owns it because it is an ordering policy.
 */
export const paidOrderHasPayment = defineInvariant({
  id: "orders.paid-order-has-payment",
  description: "An order is paid exactly when a payment for its full total is recorded against it.",
  dependsOn: [ordersContract, paymentsContract],
  evidence: s.object({ order: Order, payment: s.union([Payment, s.literal(null)]) }),
  check({ order, payment }) {
    if (order.status !== "paid") return payment === null && order.paymentId === null;
    return (
      payment !== null &&
      order.paymentId === payment.id &&
      payment.orderId === order.id &&
      payment.amountCents === order.totalCents
    );
  },
});
