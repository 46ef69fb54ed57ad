// One suite of expectations every storage adapter meets, run against the in-memory adapters
// (which the application-level tests use) and the SQLite ones (which the server uses), so a
// test that passes on memory says something true about SQLite.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Storage } from "../src/adapters/storage.js";
import { Customer } from "../src/features/customers/contract.js";
import { Order, OutboxMessage } from "../src/features/orders/contract.js";
import { Payment } from "../src/features/payments/contract.js";
import { Product } from "../src/features/products/contract.js";
import type { StoredState } from "./support.js";

export interface StorageUnderTest {
  readonly storage: Storage;
  state(): StoredState;
  close(): void;
}

const at = "2026-03-01T09:00:00.000Z";
const ada = Customer.parse({ id: "cus_1", name: "Ada", email: "ada@example.com", status: "active" });
const kettle = Product.parse({ id: "prd_1", name: "Kettle", priceCents: 2_500, stock: 3 });
const mug = Product.parse({ id: "prd_2", name: "Mug", priceCents: 1_200, stock: 10 });
const order = Order.parse({
  id: "ord_3",
  customerId: "cus_1",
  lines: [
    { productId: "prd_2", quantity: 4, unitPriceCents: 1_200 },
    { productId: "prd_1", quantity: 2, unitPriceCents: 2_500 },
  ],
  totalCents: 9_800,
  status: "pending_payment",
  paymentId: null,
  createdAt: at,
});
const payment = Payment.parse({ id: "pay_4", orderId: "ord_3", amountCents: 9_800, chargeId: "ch_ord_3", capturedAt: at });
const outbox = (event: string, payload: unknown = { orderId: "ord_3" }) =>
  OutboxMessage.parse({ id: `${event}:ord_3`, event, version: 1, payload, occurredAt: at });

export function describeStorageContract(name: string, open: () => StorageUnderTest): void {
  describe(`${name} storage`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;
    beforeEach(async () => {
      subject = open();
      storage = subject.storage;
      await storage.customers.handlers.insert(ada);
      await storage.products.handlers.insert(kettle);
      await storage.products.handlers.insert(mug);
    });
    afterEach(() => subject.close());

    const place = () => storage.orders.handlers.place({ order, outbox: outbox("orders.created") });

    test("customers: get returns what insert stored, or null", async () => {
      expect(await storage.customers.handlers.get(ada.id)).toEqual(ada);
      expect(await storage.customers.handlers.get(Customer.parse({ ...ada, id: "cus_9" }).id)).toBeNull();
    });

    test("customers: a second customer with a taken email is EMAIL_TAKEN and is not stored", async () => {
      const again = Customer.parse({ ...ada, id: "cus_2", name: "Someone else" });
      expect(await storage.customers.handlers.insert(again)).toEqual({ ok: false, error: { code: "EMAIL_TAKEN", details: { email: "ada@example.com" } } });
      expect(subject.state().customers).toEqual([{ id: "cus_1", email: "ada@example.com", status: "active" }]);
    });

    test("customers: setStatus returns the stored customer, or null when there is none", async () => {
      expect(await storage.customers.handlers.setStatus({ id: ada.id, status: "suspended" })).toEqual({ ...ada, status: "suspended" });
      expect(await storage.customers.handlers.setStatus({ id: Customer.parse({ ...ada, id: "cus_9" }).id, status: "active" })).toBeNull();
    });

    test("products: addStock adds and returns the product, or null when there is none", async () => {
      expect(await storage.products.handlers.addStock({ id: kettle.id, quantity: 7 })).toEqual({ ...kettle, stock: 10 });
      expect(await storage.products.handlers.addStock({ id: Product.parse({ ...kettle, id: "prd_9" }).id, quantity: 1 })).toBeNull();
      expect(subject.state().stock).toEqual({ prd_1: 10, prd_2: 10 });
    });

    test("orders.place reserves every line's stock, stores the order and its outbox message together", async () => {
      expect(await place()).toEqual({ ok: true, value: null });
      expect(await storage.orders.handlers.get(order.id)).toEqual(order);
      expect(subject.state()).toMatchObject({
        stock: { prd_1: 1, prd_2: 6 },
        orders: [{ id: "ord_3", status: "pending_payment", paymentId: null }],
        outbox: [{ id: "orders.created:ord_3", event: "orders.created", version: 1, payload: { orderId: "ord_3" }, occurredAt: at }],
      });
    });

    test("orders.place: when the second line is short, the first line's reservation is rolled back too", async () => {
      const short = Order.parse({ ...order, lines: [order.lines[0], { productId: "prd_1", quantity: 4, unitPriceCents: 2_500 }], totalCents: 14_800 });
      expect(await storage.orders.handlers.place({ order: short, outbox: outbox("orders.created") })).toEqual({
        ok: false,
        error: { code: "INSUFFICIENT_STOCK", details: { productId: "prd_1", requested: 4, available: 3 } },
      });
      expect(subject.state()).toMatchObject({ stock: { prd_1: 3, prd_2: 10 }, orders: [], outbox: [] });
    });

    test("orders.place: a write that fails after the stock was reserved (the order exists) rolls the reservation back", async () => {
      await place();
      await storage.products.handlers.addStock({ id: kettle.id, quantity: 10 });
      // Enough stock this time, so both reservations succeed before the order insert fails.
      expect(() => storage.orders.handlers.place({ order, outbox: outbox("orders.created") })).toThrow();
      expect(subject.state()).toMatchObject({ stock: { prd_1: 11, prd_2: 6 }, orders: [{ id: "ord_3" }], outbox: [{ id: "orders.created:ord_3" }] });
    });

    test("orders.markPaid records the payment, marks the order paid and appends the outbox message", async () => {
      await place();
      const paid = await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") });
      expect(paid).toEqual({ ok: true, value: { ...order, status: "paid", paymentId: "pay_4" } });
      expect(await storage.payments.handlers.get(payment.id)).toEqual(payment);
      expect(subject.state()).toMatchObject({
        orders: [{ id: "ord_3", status: "paid", paymentId: "pay_4" }],
        payments: [{ id: "pay_4", orderId: "ord_3", amountCents: 9_800 }],
        outbox: [{ id: "orders.created:ord_3" }, { id: "orders.paid:ord_3" }],
      });
    });

    test("orders.markPaid on an order that is no longer pending is NOT_PENDING and writes nothing", async () => {
      await place();
      await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") });
      const before = subject.state();
      expect(await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") })).toEqual({
        ok: false,
        error: { code: "NOT_PENDING", details: { status: "cancelled" } },
      });
      expect(subject.state()).toEqual(before);
    });

    test("orders.cancel releases the stock, marks the order cancelled and appends the outbox message", async () => {
      await place();
      const cancelled = await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") });
      expect(cancelled).toEqual({ ok: true, value: { ...order, status: "cancelled" } });
      expect(subject.state()).toMatchObject({
        stock: { prd_1: 3, prd_2: 10 },
        orders: [{ id: "ord_3", status: "cancelled", paymentId: null }],
        outbox: [{ id: "orders.created:ord_3" }, { id: "orders.cancelled:ord_3" }],
      });
    });

    test("orders.cancel is NOT_FOUND for an unknown order and NOT_PENDING for a paid one", async () => {
      expect(await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") })).toEqual({
        ok: false,
        error: { code: "NOT_FOUND", details: { orderId: "ord_3" } },
      });
      await place();
      await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") });
      expect(await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") })).toEqual({
        ok: false,
        error: { code: "NOT_PENDING", details: { status: "paid" } },
      });
      expect(subject.state().stock).toEqual({ prd_1: 1, prd_2: 6 });
    });

    test("reads are copies: changing a returned order does not change the stored one", async () => {
      await place();
      const read = (await storage.orders.handlers.get(order.id)) as unknown as { lines: { quantity: number }[] };
      (read.lines[0] as { quantity: number }).quantity = 999;
      expect(await storage.orders.handlers.get(order.id)).toEqual(order);
    });
  });
}
