// The pure rules of ordering, directly.
import { describe, expect, test } from "vitest";
import { assertPaidOrderHasPayment, declineMessage, findShortage, mergeLines, newOrder, notPendingMessage, outOfStockMessage, type Order } from "../src/orders/order.js";

const products = new Map([
  ["prd_2", { id: "prd_2", priceCents: 2_500, stock: 3 }],
  ["prd_3", { id: "prd_3", priceCents: 1_200, stock: 0 }],
]);

describe("order rules", () => {
  test("mergeLines adds quantities per product, in first-appearance order", () => {
    expect(mergeLines([{ productId: "prd_3", quantity: 1 }, { productId: "prd_2", quantity: 2 }, { productId: "prd_3", quantity: 4 }])).toEqual([
      { productId: "prd_3", quantity: 5 },
      { productId: "prd_2", quantity: 2 },
    ]);
    expect(mergeLines([])).toEqual([]);
  });

  test("findShortage names the first line its product cannot cover; an unknown product has none", () => {
    expect(findShortage([{ productId: "prd_2", quantity: 3 }], products)).toBeUndefined();
    expect(findShortage([{ productId: "prd_2", quantity: 4 }, { productId: "prd_3", quantity: 1 }], products)).toEqual({ productId: "prd_2", requested: 4, available: 3 });
    expect(findShortage([{ productId: "prd_9", quantity: 1 }], products)).toEqual({ productId: "prd_9", requested: 1, available: 0 });
  });

  test("newOrder prices the lines at today's prices and awaits payment", () => {
    expect(newOrder({ id: "ord_1", customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }, { productId: "prd_3", quantity: 1 }], products, createdAt: "t" })).toEqual({
      id: "ord_1",
      customerId: "cus_1",
      lines: [
        { productId: "prd_2", quantity: 2, unitPriceCents: 2_500 },
        { productId: "prd_3", quantity: 1, unitPriceCents: 1_200 },
      ],
      totalCents: 6_200,
      status: "pending_payment",
      paymentId: null,
      createdAt: "t",
    });
    expect(() => newOrder({ id: "ord_1", customerId: "cus_1", lines: [{ productId: "prd_9", quantity: 1 }], products, createdAt: "t" })).toThrow("newOrder: no product prd_9");
  });

  test("an order is paid exactly when a payment for its full total is recorded against it", () => {
    const pending: Order = { id: "ord_1", customerId: "cus_1", lines: [], totalCents: 500, status: "pending_payment", paymentId: null, createdAt: "t" };
    const paid: Order = { ...pending, status: "paid", paymentId: "pay_2" };
    const payment = { id: "pay_2", orderId: "ord_1", amountCents: 500, chargeId: "ch_ord_1", capturedAt: "t" };
    expect(() => { assertPaidOrderHasPayment(pending, null); }).not.toThrow();
    expect(() => { assertPaidOrderHasPayment(paid, payment); }).not.toThrow();
    const violated = "invariant violated: order ord_1";
    expect(() => { assertPaidOrderHasPayment(paid, null); }).toThrow(violated);
    expect(() => { assertPaidOrderHasPayment(paid, { ...payment, amountCents: 499 }); }).toThrow(violated);
    expect(() => { assertPaidOrderHasPayment(paid, { ...payment, orderId: "ord_2" }); }).toThrow(violated);
    expect(() => { assertPaidOrderHasPayment({ ...paid, paymentId: "pay_3" }, payment); }).toThrow(violated);
    expect(() => { assertPaidOrderHasPayment(pending, payment); }).toThrow(violated);
    expect(() => { assertPaidOrderHasPayment({ ...pending, paymentId: "pay_2" }, null); }).toThrow(violated);
  });

  test("messages say what happened and what remains", () => {
    expect(outOfStockMessage({ productId: "prd_2", requested: 4, available: 3 })).toBe("Product prd_2 has 3 in stock; the order asks for 4.");
    expect(notPendingMessage("ord_1", "pending_payment")).toBe("Order ord_1 is pending payment, not awaiting payment.");
    expect(notPendingMessage("ord_1", "cancelled")).toBe("Order ord_1 is cancelled, not awaiting payment.");
    expect(declineMessage("insufficient_funds")).toBe("The card has insufficient funds. The order is still awaiting payment.");
  });
});
