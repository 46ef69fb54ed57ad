import { describe, expect, test } from "vitest";
import { assertEffects, assertEvents, assertNoEffects, fakeClock, memoryPort, sequentialIds, testCommand, testQuery } from "agentix/testing";
import { CustomerStore } from "../customers/contract.js";
import { Payments } from "../payments/contract.js";
import { ProductStore } from "../products/contract.js";
import type { Input } from "agentix";
import { OrderStore, type Order } from "./contract.js";
import { cancelOrder, createOrder, getOrder, payOrder } from "./operations.js";

const ada = { id: "cus_1", name: "Ada", email: "ada@example.com", status: "active" } as const;
const kettle = { id: "prd_1", name: "Kettle", priceCents: 2_500, stock: 3 };
const mug = { id: "prd_2", name: "Mug", priceCents: 1_200, stock: 10 };
const placedAt = "2026-03-01T09:00:00.000Z";
const paidAt = "2026-03-01T09:05:00.000Z";

/** The order the pay and cancel tests start from. */
const pending: Input<typeof Order> = {
  id: "ord_3",
  customerId: "cus_1",
  lines: [{ productId: "prd_1", quantity: 2, unitPriceCents: 2_500 }],
  totalCents: 5_000,
  status: "pending_payment",
  paymentId: null,
  createdAt: placedAt,
};

const approved = { ok: true, value: { chargeId: "ch_ord_3" } } as const;
const declined = { ok: false, error: { code: "DECLINED", details: { reason: "card_declined" } } } as const;

/** Catalogue fakes: the customer store answers `customer`, the product store by id. */
function catalogue(customer: typeof ada | { readonly status: "suspended" } | null = ada) {
  const products = new Map<string, typeof kettle>([kettle, mug].map((product) => [product.id, product]));
  return [
    memoryPort(CustomerStore, { get: () => (customer === null ? null : { ...ada, ...customer }) }),
    memoryPort(ProductStore, { get: (id) => products.get(id) ?? null }),
  ];
}

describe("orders.create", () => {
  test("places a pending order at today's prices, merging lines of one product, and reports orders.created", async () => {
    const store = memoryPort(OrderStore, { place: { always: { ok: true, value: null } } });
    const run = await testCommand(createOrder, {
      input: {
        customerId: "cus_1",
        lines: [
          { productId: "prd_1", quantity: 1 },
          { productId: "prd_2", quantity: 4 },
          { productId: "prd_1", quantity: 1 },
        ],
      },
      adapters: [...catalogue(), store, sequentialIds(), fakeClock(placedAt)],
    });

    const order = {
      id: "ord_1",
      customerId: "cus_1",
      lines: [
        { productId: "prd_1", quantity: 2, unitPriceCents: 2_500 },
        { productId: "prd_2", quantity: 4, unitPriceCents: 1_200 },
      ],
      totalCents: 9_800,
      status: "pending_payment",
      paymentId: null,
      createdAt: placedAt,
    };
    const created = { orderId: "ord_1", customerId: "cus_1", lines: order.lines, totalCents: 9_800 };
    expect(run.outcome).toEqual({ ok: true, value: order, events: [{ event: "orders.created", version: 1, payload: created }] });
    assertEffects(run, ["customers.store.get", "products.store.get", "products.store.get", "ids.next", "clock.now", "orders.store.place"]);
    assertEvents(run, [{ event: "orders.created", version: 1, payload: created }]);
    // One unit of work: the order and its outbox message go to the store together.
    expect(store.calls).toEqual([
      {
        operation: "orders.store.place",
        input: { order, outbox: { id: "orders.created:ord_1", event: "orders.created", version: 1, payload: created, occurredAt: placedAt } },
      },
    ]);
  });

  test("refuses a suspended customer after reading only the customer", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: 1 }] },
      adapters: [...catalogue({ status: "suspended" }), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "CUSTOMER_SUSPENDED", message: "Customer cus_1 is suspended and may not place orders.", details: { customerId: "cus_1" } },
    });
    assertEffects(run, ["customers.store.get"]);
    assertEvents(run, []);
  });

  test("answers CUSTOMER_NOT_FOUND for an unknown customer", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_9", lines: [{ productId: "prd_1", quantity: 1 }] },
      adapters: [...catalogue(null), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "CUSTOMER_NOT_FOUND", message: "There is no customer cus_9.", details: { customerId: "cus_9" } },
    });
    assertEffects(run, ["customers.store.get"]);
  });

  test("answers PRODUCT_NOT_FOUND for an unknown product, before taking an id or the time", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: 1 }, { productId: "prd_9", quantity: 1 }] },
      adapters: [...catalogue(), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "PRODUCT_NOT_FOUND", message: "There is no product prd_9.", details: { productId: "prd_9" } },
    });
    assertEffects(run, ["customers.store.get", "products.store.get", "products.store.get"]);
  });

  test("answers OUT_OF_STOCK when a product has fewer units than asked, writing nothing", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }, { productId: "prd_1", quantity: 4 }] },
      adapters: [...catalogue(), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "OUT_OF_STOCK",
        message: "Product prd_1 has 3 in stock; the order asks for 4.",
        details: { productId: "prd_1", requested: 4, available: 3 },
      },
    });
    assertEffects(run, ["customers.store.get", "products.store.get", "products.store.get"]);
  });

  test("lines of one product are merged before the stock check, even past one line's limit", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 600 }, { productId: "prd_2", quantity: 600 }] },
      adapters: [...catalogue(), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "OUT_OF_STOCK",
        message: "Product prd_2 has 10 in stock; the order asks for 1200.",
        details: { productId: "prd_2", requested: 1_200, available: 10 },
      },
    });
  });

  test("answers OUT_OF_STOCK when another order took the stock between the read and the write", async () => {
    const store = memoryPort(OrderStore, {
      place: [{ ok: false, error: { code: "INSUFFICIENT_STOCK", details: { productId: "prd_1", requested: 3, available: 1 } } }],
    });
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: 3 }] },
      adapters: [...catalogue(), store, sequentialIds(), fakeClock(placedAt)],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "OUT_OF_STOCK",
        message: "Product prd_1 has 1 in stock; the order asks for 3.",
        details: { productId: "prd_1", requested: 3, available: 1 },
      },
    });
    assertEvents(run, []);
  });

  test("denies a principal without orders:write before any effect", async () => {
    const run = await testCommand(createOrder, {
      input: { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: 1 }] },
      permissions: ["orders:read"],
      adapters: [...catalogue(), memoryPort(OrderStore), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "test-principal" lacks orders:write for orders.create', details: { missing: ["orders:write"] } },
    });
    assertNoEffects(run);
  });
});

describe("orders.pay", () => {
  const paidOrder: Input<typeof Order> = { ...pending, status: "paid", paymentId: "pay_4" };
  const payment = { id: "pay_4", orderId: "ord_3", amountCents: 5_000, chargeId: "ch_ord_3", capturedAt: paidAt };

  test("an approved charge records the payment, marks the order paid and reports orders.paid", async () => {
    const gateway = memoryPort(Payments, { charge: [approved] });
    const store = memoryPort(OrderStore, { get: [pending], markPaid: [{ ok: true, value: paidOrder }] });
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      adapters: [store, gateway, sequentialIds({ start: 4 }), fakeClock(paidAt)],
    });

    const paid = { orderId: "ord_3", paymentId: "pay_4", amountCents: 5_000 };
    expect(run.outcome).toEqual({ ok: true, value: paidOrder, events: [{ event: "orders.paid", version: 1, payload: paid }] });
    assertEffects(run, ["orders.store.get", "payments.gateway.charge", "ids.next", "clock.now", "orders.store.mark-paid"]);
    // The order id is the idempotency key: a retry cannot charge twice.
    expect(gateway.calls).toEqual([
      { operation: "payments.gateway.charge", input: { idempotencyKey: "ord_3", amountCents: 5_000, cardToken: "tok_visa" } },
    ]);
    expect(store.calls[1]).toEqual({
      operation: "orders.store.mark-paid",
      input: { orderId: "ord_3", payment, outbox: { id: "orders.paid:ord_3", event: "orders.paid", version: 1, payload: paid, occurredAt: paidAt } },
    });
  });

  test("a declined card changes nothing: no id, no time, no write, no event; the order stays pending", async () => {
    const store = memoryPort(OrderStore, { get: [pending] });
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_declined" },
      adapters: [store, memoryPort(Payments, { charge: [declined] }), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "PAYMENT_DECLINED",
        message: "The card was declined. The order is still awaiting payment.",
        details: { orderId: "ord_3", reason: "card_declined" },
      },
    });
    assertEffects(run, ["orders.store.get", "payments.gateway.charge"]);
    assertEvents(run, []);
  });

  test("does not charge an order that is not awaiting payment", async () => {
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      adapters: [memoryPort(OrderStore, { get: [paidOrder] }), memoryPort(Payments), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "ORDER_NOT_PENDING", message: "Order ord_3 is paid, not awaiting payment.", details: { orderId: "ord_3", status: "paid" } },
    });
    assertEffects(run, ["orders.store.get"]);
  });

  test("answers NOT_FOUND for an unknown order", async () => {
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_9", cardToken: "tok_visa" },
      adapters: [memoryPort(OrderStore, { get: [null] }), memoryPort(Payments), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no order ord_9.", details: { orderId: "ord_9" } } });
  });

  test("refunds the charge when the order was cancelled while the card was being charged", async () => {
    const gateway = memoryPort(Payments, { charge: [approved], refund: [null] });
    const store = memoryPort(OrderStore, { get: [pending], markPaid: [{ ok: false, error: { code: "NOT_PENDING", details: { status: "cancelled" } } }] });
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      adapters: [store, gateway, sequentialIds({ start: 4 }), fakeClock(paidAt)],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "ORDER_NOT_PENDING", message: "Order ord_3 is cancelled, not awaiting payment.", details: { orderId: "ord_3", status: "cancelled" } },
    });
    assertEffects(run, ["orders.store.get", "payments.gateway.charge", "ids.next", "clock.now", "orders.store.mark-paid", "payments.gateway.refund"]);
    expect(gateway.calls[1]).toEqual({ operation: "payments.gateway.refund", input: { chargeId: "ch_ord_3" } });
    assertEvents(run, []);
  });

  test("does not refund when a concurrent payment of the same order won: it used the same charge", async () => {
    const store = memoryPort(OrderStore, { get: [pending], markPaid: [{ ok: false, error: { code: "NOT_PENDING", details: { status: "paid" } } }] });
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      adapters: [store, memoryPort(Payments, { charge: [approved] }), sequentialIds({ start: 4 }), fakeClock(paidAt)],
    });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("ORDER_NOT_PENDING");
    assertEffects(run, ["orders.store.get", "payments.gateway.charge", "ids.next", "clock.now", "orders.store.mark-paid"]);
  });

  test("a store that marks the order paid without its payment breaks the invariant: a DEFECT naming it", async () => {
    const broken: Input<typeof Order> = { ...pending, status: "paid", paymentId: null };
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      adapters: [
        memoryPort(OrderStore, { get: [pending], markPaid: [{ ok: true, value: broken }] }),
        memoryPort(Payments, { charge: [approved] }),
        sequentialIds({ start: 4 }),
        fakeClock(paidAt),
      ],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "DEFECT",
        message: "invariant orders.paid-order-has-payment does not hold after orders.pay",
        details: { invariant: "orders.paid-order-has-payment" },
      },
    });
    assertEvents(run, []);
    expect(run.defects.map((defect) => (defect.cause as Error).message)).toEqual(['invariant "orders.paid-order-has-payment" does not hold']);
  });

  test("needs orders:pay: a principal who may create orders but not take payments is denied before any effect", async () => {
    const run = await testCommand(payOrder, {
      input: { orderId: "ord_3", cardToken: "tok_visa" },
      permissions: ["orders:read", "orders:write"],
      adapters: [memoryPort(OrderStore), memoryPort(Payments), sequentialIds(), fakeClock()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "test-principal" lacks orders:pay for orders.pay', details: { missing: ["orders:pay"] } },
    });
    assertNoEffects(run);
  });
});

describe("orders.cancel", () => {
  const cancelled: Input<typeof Order> = { ...pending, status: "cancelled" };

  test("cancels a pending order in one unit of work and reports orders.cancelled", async () => {
    const store = memoryPort(OrderStore, { cancel: [{ ok: true, value: cancelled }] });
    const run = await testCommand(cancelOrder, { input: { orderId: "ord_3" }, adapters: [store, fakeClock(paidAt)] });

    expect(run.outcome).toEqual({ ok: true, value: cancelled, events: [{ event: "orders.cancelled", version: 1, payload: { orderId: "ord_3" } }] });
    assertEffects(run, ["clock.now", "orders.store.cancel"]);
    expect(store.calls).toEqual([
      {
        operation: "orders.store.cancel",
        input: {
          orderId: "ord_3",
          outbox: { id: "orders.cancelled:ord_3", event: "orders.cancelled", version: 1, payload: { orderId: "ord_3" }, occurredAt: paidAt },
        },
      },
    ]);
  });

  test("answers ORDER_NOT_PENDING for a paid order", async () => {
    const store = memoryPort(OrderStore, { cancel: [{ ok: false, error: { code: "NOT_PENDING", details: { status: "paid" } } }] });
    const run = await testCommand(cancelOrder, { input: { orderId: "ord_3" }, adapters: [store, fakeClock()] });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "ORDER_NOT_PENDING", message: "Order ord_3 is paid, not awaiting payment.", details: { orderId: "ord_3", status: "paid" } },
    });
    assertEvents(run, []);
  });

  test("answers NOT_FOUND for an unknown order", async () => {
    const store = memoryPort(OrderStore, { cancel: [{ ok: false, error: { code: "NOT_FOUND", details: { orderId: "ord_9" } } }] });
    const run = await testCommand(cancelOrder, { input: { orderId: "ord_9" }, adapters: [store, fakeClock()] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no order ord_9.", details: { orderId: "ord_9" } } });
  });

  test("denies a principal without orders:write before any effect", async () => {
    const run = await testCommand(cancelOrder, { input: { orderId: "ord_3" }, permissions: ["orders:read"], adapters: [memoryPort(OrderStore), fakeClock()] });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("FORBIDDEN");
    assertNoEffects(run);
  });
});

describe("orders.get", () => {
  test("returns the order", async () => {
    const run = await testQuery(getOrder, { input: { orderId: "ord_3" }, adapters: [memoryPort(OrderStore, { get: [pending] })] });

    expect(run.outcome).toEqual({ ok: true, value: pending, events: [] });
    assertEffects(run, ["orders.store.get"]);
  });

  test("answers NOT_FOUND for an unknown order", async () => {
    const run = await testQuery(getOrder, { input: { orderId: "ord_9" }, adapters: [memoryPort(OrderStore, { get: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no order ord_9.", details: { orderId: "ord_9" } } });
  });

  test("denies a principal without orders:read", async () => {
    const run = await testQuery(getOrder, { input: { orderId: "ord_3" }, permissions: ["customers:read"], adapters: [memoryPort(OrderStore)] });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("FORBIDDEN");
    assertNoEffects(run);
  });
});
