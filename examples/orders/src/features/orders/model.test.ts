import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { OrderCreated } from "./contract.js";
import { customerMayOrder, declineMessage, findShortage, isPending, mergeLines, newOrder, outboxMessage, priceLines, totalOf } from "./model.js";

const products = new Map([
  ["prd_1", { id: "prd_1", priceCents: 2_500, stock: 3 }],
  ["prd_2", { id: "prd_2", priceCents: 1_200, stock: 0 }],
]);

describe("orders model", () => {
  test("only active customers may order", () => {
    expect([customerMayOrder({ status: "active" }), customerMayOrder({ status: "suspended" })]).toEqual([true, false]);
  });

  test("mergeLines adds up quantities per product, keeping first-appearance order", () => {
    expect(
      mergeLines([
        { productId: "prd_2", quantity: 1 },
        { productId: "prd_1", quantity: 2 },
        { productId: "prd_2", quantity: 5 },
      ]),
    ).toEqual([
      { productId: "prd_2", quantity: 6 },
      { productId: "prd_1", quantity: 2 },
    ]);
  });

  test("mergeLines keeps every product's total and lists each product once (property)", () => {
    const line = fc.record({ productId: fc.constantFrom("prd_1", "prd_2", "prd_3"), quantity: fc.integer({ min: 1, max: 1_000 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const merged = mergeLines(lines);
        const totals = (xs: readonly { productId: string; quantity: number }[]) =>
          Object.fromEntries([...new Set(xs.map((x) => x.productId))].map((id) => [id, xs.filter((x) => x.productId === id).reduce((n, x) => n + x.quantity, 0)]));
        expect(totals(merged)).toEqual(totals(lines));
        expect(new Set(merged.map((x) => x.productId)).size).toBe(merged.length);
      }),
    );
  });

  test("findShortage names the first line its product cannot cover", () => {
    expect(findShortage([{ productId: "prd_1", quantity: 3 }], products)).toBeUndefined();
    expect(findShortage([{ productId: "prd_1", quantity: 4 }, { productId: "prd_2", quantity: 1 }], products)).toEqual({
      productId: "prd_1",
      requested: 4,
      available: 3,
    });
    expect(findShortage([{ productId: "prd_2", quantity: 1 }], products)).toEqual({ productId: "prd_2", requested: 1, available: 0 });
  });

  test("priceLines takes today's price; totalOf multiplies and adds in integer cents", () => {
    const lines = priceLines([{ productId: "prd_1", quantity: 3 }, { productId: "prd_2", quantity: 2 }], products);
    expect(lines).toEqual([
      { productId: "prd_1", quantity: 3, unitPriceCents: 2_500 },
      { productId: "prd_2", quantity: 2, unitPriceCents: 1_200 },
    ]);
    expect(totalOf(lines)).toBe(9_900);
  });

  test("a new order awaits payment and has no payment", () => {
    const lines = [{ productId: "prd_1", quantity: 2, unitPriceCents: 2_500 }];
    const order = newOrder({ id: "ord_1", customerId: "cus_1", lines, createdAt: "2026-03-01T09:00:00.000Z" });
    expect(order).toEqual({
      id: "ord_1",
      customerId: "cus_1",
      lines,
      totalCents: 5_000,
      status: "pending_payment",
      paymentId: null,
      createdAt: "2026-03-01T09:00:00.000Z",
    });
    expect([isPending(order), isPending({ status: "paid" }), isPending({ status: "cancelled" })]).toEqual([true, false, false]);
  });

  test("an outbox message is keyed by event and order, and carries the event's id and version", () => {
    expect(outboxMessage(OrderCreated, "ord_1", { orderId: "ord_1" }, "2026-03-01T09:00:00.000Z")).toEqual({
      id: "orders.created:ord_1",
      event: "orders.created",
      version: 1,
      payload: { orderId: "ord_1" },
      occurredAt: "2026-03-01T09:00:00.000Z",
    });
  });

  test("every decline reason has a message that says the order is unchanged", () => {
    expect(declineMessage("insufficient_funds")).toBe("The card has insufficient funds. The order is still awaiting payment.");
    expect(declineMessage("limit_exceeded")).toBe("The amount exceeds the card's limit. The order is still awaiting payment.");
  });
});
