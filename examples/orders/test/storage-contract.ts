// The contract every storage implementation meets, built with adapterContract and run against
// the in-memory adapters (which the application-level tests use) and the SQLite ones (which
// the server uses), so a test that passes on memory says something true about SQLite. Each
// port's operations get generated inputs (results must stay within the port's schemas); the
// cases pin the behaviour behind them.
import type { Input } from "agentix";
import { adapterContract, arbitrary, type ContractCheck } from "agentix/testing/property";
import fc from "fast-check";
import { expect } from "vitest";
import type { Storage } from "../src/adapters/storage.js";
import { Customer, CustomerStore } from "../src/features/customers/contract.js";
import { Order, OrderStore, OutboxMessage } from "../src/features/orders/contract.js";
import { Payment, PaymentStore } from "../src/features/payments/contract.js";
import { Product, ProductStore } from "../src/features/products/contract.js";
import type { StoredState } from "./support.js";

export interface StorageUnderTest {
  readonly storage: Storage;
  state(): StoredState;
  close(): void;
}

/** One port's adapter of a storage implementation, with the rest of it beside it. */
type Subject<Key extends keyof Storage> = StorageUnderTest & { readonly adapter: Storage[Key] };

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
const nobody = Customer.parse({ ...ada, id: "cus_9" }).id;
const nothing = Product.parse({ ...kettle, id: "prd_9" }).id;

/** Ada, a kettle (3 in stock) and mugs (10). */
async function seedCatalogue(storage: Storage): Promise<void> {
  await storage.customers.handlers.insert(ada);
  await storage.products.handlers.insert(kettle);
  await storage.products.handlers.insert(mug);
}

/**
 * Fresh storage for every run and case, seen as one port's adapter. Customers and products
 * start empty, so a generated record never collides with a seeded one; orders need the
 * catalogue their lines refer to.
 */
function subjects<Key extends keyof Storage>(open: () => StorageUnderTest, key: Key, seeded: boolean): () => Promise<Subject<Key>> {
  return async () => {
    const under = open();
    try {
      if (seeded) await seedCatalogue(under.storage);
    } catch (error) {
      under.close();
      throw error;
    }
    return { storage: under.storage, state: () => under.state(), close: () => under.close(), adapter: under.storage[key] };
  };
}

/** Orders of the seeded catalogue, otherwise as generated: any quantities, prices, ids and times. */
const placeInputs = fc.record({
  order: arbitrary(Order).map(
    (generated): Input<typeof Order> => ({
      ...generated,
      customerId: ada.id,
      lines: generated.lines.map((line, index) => ({ ...line, productId: index % 2 === 0 ? kettle.id : mug.id })),
      status: "pending_payment",
      paymentId: null,
    }),
  ),
  outbox: arbitrary(OutboxMessage),
});

// Each `make` is its own constant: written inline, the generic `subjects(...)` call would be
// inferred from adapterContract's context and lose the subject's type.
function customersContract(open: () => StorageUnderTest, runs: number): readonly ContractCheck[] {
  const make = subjects(open, "customers", false);
  return adapterContract(CustomerStore, {
    runs,
    make,
    cases: {
      "customers: get returns what insert stored, or null": async ({ storage }) => {
        await seedCatalogue(storage);
        expect(await storage.customers.handlers.get(ada.id)).toEqual(ada);
        expect(await storage.customers.handlers.get(nobody)).toBeNull();
      },
      "customers: a second customer with a taken email is EMAIL_TAKEN and is not stored": async ({ storage, state }) => {
        await seedCatalogue(storage);
        const again = Customer.parse({ ...ada, id: "cus_2", name: "Someone else" });
        expect(await storage.customers.handlers.insert(again)).toEqual({ ok: false, error: { code: "EMAIL_TAKEN", details: { email: "ada@example.com" } } });
        expect(state().customers).toEqual([{ id: "cus_1", email: "ada@example.com", status: "active" }]);
      },
      "customers: setStatus returns the stored customer, or null when there is none": async ({ storage }) => {
        await seedCatalogue(storage);
        expect(await storage.customers.handlers.setStatus({ id: ada.id, status: "suspended" })).toEqual({ ...ada, status: "suspended" });
        expect(await storage.customers.handlers.setStatus({ id: nobody, status: "active" })).toBeNull();
      },
    },
  });
}

function productsContract(open: () => StorageUnderTest, runs: number): readonly ContractCheck[] {
  const make = subjects(open, "products", false);
  return adapterContract(ProductStore, {
    runs,
    make,
    cases: {
      "products: addStock adds and returns the product, or null when there is none": async ({ storage, state }) => {
        await seedCatalogue(storage);
        expect(await storage.products.handlers.addStock({ id: kettle.id, quantity: 7 })).toEqual({ ...kettle, stock: 10 });
        expect(await storage.products.handlers.addStock({ id: nothing, quantity: 1 })).toBeNull();
        expect(state().stock).toEqual({ prd_1: 10, prd_2: 10 });
      },
    },
  });
}

function ordersContract(open: () => StorageUnderTest, runs: number): readonly ContractCheck[] {
  const make = subjects(open, "orders", true);
  const place = (storage: Storage) => storage.orders.handlers.place({ order, outbox: outbox("orders.created") });
  return adapterContract(OrderStore, {
    runs,
    make,
    // markPaid needs a pending order first: the cases below cover it.
    inputs: { place: placeInputs, markPaid: null },
    cases: {
      "orders.place reserves every line's stock, stores the order and its outbox message together": async ({ storage, state }) => {
        expect(await place(storage)).toEqual({ ok: true, value: null });
        expect(await storage.orders.handlers.get(order.id)).toEqual(order);
        expect(state()).toMatchObject({
          stock: { prd_1: 1, prd_2: 6 },
          orders: [{ id: "ord_3", status: "pending_payment", paymentId: null }],
          outbox: [{ id: "orders.created:ord_3", event: "orders.created", version: 1, payload: { orderId: "ord_3" }, occurredAt: at }],
        });
      },
      "orders.place: when the second line is short, the first line's reservation is rolled back too": async ({ storage, state }) => {
        const short = Order.parse({ ...order, lines: [order.lines[0], { productId: "prd_1", quantity: 4, unitPriceCents: 2_500 }], totalCents: 14_800 });
        expect(await storage.orders.handlers.place({ order: short, outbox: outbox("orders.created") })).toEqual({
          ok: false,
          error: { code: "INSUFFICIENT_STOCK", details: { productId: "prd_1", requested: 4, available: 3 } },
        });
        expect(state()).toMatchObject({ stock: { prd_1: 3, prd_2: 10 }, orders: [], outbox: [] });
      },
      "orders.place: a write that fails after the stock was reserved (the order exists) rolls the reservation back": async ({ storage, state }) => {
        await place(storage);
        await storage.products.handlers.addStock({ id: kettle.id, quantity: 10 });
        // Enough stock this time, so both reservations succeed before the order insert fails.
        expect(() => storage.orders.handlers.place({ order, outbox: outbox("orders.created") })).toThrow();
        expect(state()).toMatchObject({ stock: { prd_1: 11, prd_2: 6 }, orders: [{ id: "ord_3" }], outbox: [{ id: "orders.created:ord_3" }] });
      },
      "orders.markPaid records the payment, marks the order paid and appends the outbox message": async ({ storage, state }) => {
        await place(storage);
        const paid = await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") });
        expect(paid).toEqual({ ok: true, value: { ...order, status: "paid", paymentId: "pay_4" } });
        expect(await storage.payments.handlers.get(payment.id)).toEqual(payment);
        expect(state()).toMatchObject({
          orders: [{ id: "ord_3", status: "paid", paymentId: "pay_4" }],
          payments: [{ id: "pay_4", orderId: "ord_3", amountCents: 9_800 }],
          outbox: [{ id: "orders.created:ord_3" }, { id: "orders.paid:ord_3" }],
        });
      },
      "orders.markPaid on an order that is no longer pending is NOT_PENDING and writes nothing": async ({ storage, state }) => {
        await place(storage);
        await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") });
        const before = state();
        expect(await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") })).toEqual({
          ok: false,
          error: { code: "NOT_PENDING", details: { status: "cancelled" } },
        });
        expect(state()).toEqual(before);
      },
      "orders.cancel releases the stock, marks the order cancelled and appends the outbox message": async ({ storage, state }) => {
        await place(storage);
        const cancelled = await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") });
        expect(cancelled).toEqual({ ok: true, value: { ...order, status: "cancelled" } });
        expect(state()).toMatchObject({
          stock: { prd_1: 3, prd_2: 10 },
          orders: [{ id: "ord_3", status: "cancelled", paymentId: null }],
          outbox: [{ id: "orders.created:ord_3" }, { id: "orders.cancelled:ord_3" }],
        });
      },
      "orders.cancel is NOT_FOUND for an unknown order and NOT_PENDING for a paid one": async ({ storage, state }) => {
        expect(await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") })).toEqual({
          ok: false,
          error: { code: "NOT_FOUND", details: { orderId: "ord_3" } },
        });
        await place(storage);
        await storage.orders.handlers.markPaid({ orderId: order.id, payment, outbox: outbox("orders.paid") });
        expect(await storage.orders.handlers.cancel({ orderId: order.id, outbox: outbox("orders.cancelled") })).toEqual({
          ok: false,
          error: { code: "NOT_PENDING", details: { status: "paid" } },
        });
        expect(state().stock).toEqual({ prd_1: 1, prd_2: 6 });
      },
      "reads are copies: changing a returned order does not change the stored one": async ({ storage }) => {
        await place(storage);
        const read = (await storage.orders.handlers.get(order.id)) as unknown as { lines: { quantity: number }[] };
        (read.lines[0] as { quantity: number }).quantity = 999;
        expect(await storage.orders.handlers.get(order.id)).toEqual(order);
      },
    },
  });
}

/**
 * Every check of the storage contract, for one implementation:
 * `test.each(storageContract(open))("$name", (check) => check.run())`.
 */
export function storageContract(open: () => StorageUnderTest, runs = 25): readonly ContractCheck[] {
  return [
    ...customersContract(open, runs),
    ...productsContract(open, runs),
    ...ordersContract(open, runs),
    ...adapterContract(PaymentStore, { runs, make: subjects(open, "payments", false) }),
  ];
}
