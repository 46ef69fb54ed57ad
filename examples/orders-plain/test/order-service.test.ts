// OrderService over a real (in-memory) SQLite database with a fake payment gateway: what each
// use case returns or refuses, and what it leaves in the database.
import { describe, expect, test } from "vitest";
import { SqliteCustomerRepository } from "../src/customers/customer-repository.js";
import { SqliteOrderRepository } from "../src/orders/order-repository.js";
import { OrderService } from "../src/orders/order-service.js";
import { SqliteProductRepository, type ProductRepository } from "../src/products/product-repository.js";
import { fixedClock } from "../src/shared/clock.js";
import { sequentialIds } from "../src/shared/ids.js";
import { asyncRefusal, FakeGateway, now, refusal, storedState, testShop } from "./support.js";

const order4 = {
  id: "ord_4",
  customerId: "cus_1",
  lines: [
    { productId: "prd_2", quantity: 2, unitPriceCents: 2_500 },
    { productId: "prd_3", quantity: 1, unitPriceCents: 1_200 },
  ],
  totalCents: 6_200,
  status: "pending_payment",
  paymentId: null,
  createdAt: now,
};
const lines4 = [{ productId: "prd_2", quantity: 2 }, { productId: "prd_3", quantity: 1 }];

describe("OrderService.create", () => {
  test("reserves the stock and records the order with its orders.created message", () => {
    const { db, services } = testShop();
    expect(services.orders.create({ customerId: "cus_1", lines: lines4 })).toEqual(order4);
    expect(storedState(db)).toEqual({
      stock: { prd_2: 1, prd_3: 9 },
      orders: [{ id: "ord_4", status: "pending_payment", paymentId: null }],
      lines: 2,
      payments: [],
      outbox: [{ id: "orders.created:ord_4", payload: { orderId: "ord_4", customerId: "cus_1", lines: order4.lines, totalCents: 6_200 } }],
    });
    expect(services.orders.get("ord_4")).toEqual(order4);
  });

  test("refuses unknown customers, suspended customers, unknown products and shortages, writing nothing and taking no id", () => {
    const { db, services } = testShop();
    const before = storedState(db);
    expect(refusal(() => services.orders.create({ customerId: "cus_9", lines: lines4 }))).toEqual({
      code: "CUSTOMER_NOT_FOUND",
      message: "There is no customer cus_9.",
      details: { customerId: "cus_9" },
    });
    expect(refusal(() => services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_9", quantity: 1 }] }))).toEqual({
      code: "PRODUCT_NOT_FOUND",
      message: "There is no product prd_9.",
      details: { productId: "prd_9" },
    });
    expect(refusal(() => services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }, { productId: "prd_2", quantity: 2 }] }))).toEqual({
      code: "OUT_OF_STOCK",
      message: "Product prd_2 has 3 in stock; the order asks for 4.",
      details: { productId: "prd_2", requested: 4, available: 3 },
    });
    services.customers.suspend("cus_1");
    expect(refusal(() => services.orders.create({ customerId: "cus_1", lines: lines4 })).code).toBe("CUSTOMER_SUSPENDED");
    expect(storedState(db)).toEqual(before);

    services.customers.reactivate("cus_1");
    expect(services.orders.create({ customerId: "cus_1", lines: lines4 }).id).toBe("ord_4");
  });

  test("the store re-checks stock inside its transaction: units taken since the check fail the whole order", () => {
    const { db, services } = testShop();
    const products = new SqliteProductRepository(db);
    // The service reads 3 Kettles; by the time it places the order, another order took 2.
    const kettleAsRead = products.findById("prd_2");
    db.exec("UPDATE products SET stock = 1 WHERE id = 'prd_2'");
    const staleProducts: ProductRepository = {
      findById: (id) => (id === "prd_2" ? kettleAsRead : products.findById(id)),
      insert: (product) => { products.insert(product); },
      addStock: (id, quantity) => products.addStock(id, quantity),
    };
    const orders = new OrderService({
      orders: new SqliteOrderRepository(db),
      customers: new SqliteCustomerRepository(db),
      products: staleProducts,
      payments: new FakeGateway(),
      clock: fixedClock(now),
      ids: sequentialIds(10),
    });

    expect(refusal(() => orders.create({ customerId: "cus_1", lines: [{ productId: "prd_3", quantity: 1 }, { productId: "prd_2", quantity: 2 }] }))).toEqual({
      code: "OUT_OF_STOCK",
      message: "Product prd_2 has 1 in stock; the order asks for 2.",
      details: { productId: "prd_2", requested: 2, available: 1 },
    });
    // The Mug reserved before the Kettle failed is back: the unit of work rolled back whole.
    expect(storedState(db)).toEqual({ stock: { prd_2: 1, prd_3: 10 }, orders: [], lines: 0, payments: [], outbox: [] });
    expect(services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] }).id).toBe("ord_4");
  });
});

describe("OrderService.pay", () => {
  test("an approved charge records the payment and marks the order paid, with its orders.paid message", async () => {
    const { db, services, gateway } = testShop();
    services.orders.create({ customerId: "cus_1", lines: lines4 });
    expect(await services.orders.pay("ord_4", "tok_visa")).toEqual({ ...order4, status: "paid", paymentId: "pay_5" });
    expect(gateway.charges).toEqual([{ idempotencyKey: "ord_4", amountCents: 6_200, cardToken: "tok_visa" }]);
    expect(services.payments.get("pay_5")).toEqual({ id: "pay_5", orderId: "ord_4", amountCents: 6_200, chargeId: "ch_ord_4", capturedAt: now });
    expect(storedState(db)).toMatchObject({
      orders: [{ id: "ord_4", status: "paid", paymentId: "pay_5" }],
      payments: [{ id: "pay_5", orderId: "ord_4", amountCents: 6_200 }],
      outbox: [{ id: "orders.created:ord_4" }, { id: "orders.paid:ord_4", payload: { orderId: "ord_4", paymentId: "pay_5", amountCents: 6_200 } }],
    });
    expect(await asyncRefusal(() => services.orders.pay("ord_4", "tok_visa"))).toEqual({
      code: "ORDER_NOT_PENDING",
      message: "Order ord_4 is paid, not awaiting payment.",
      details: { orderId: "ord_4", status: "paid" },
    });
    expect(gateway.charges).toHaveLength(1);
  });

  test("a decline changes nothing and takes no id", async () => {
    const gateway = new FakeGateway(() => ({ approved: false, reason: "card_declined" }));
    const { db, services } = testShop({ gateway });
    services.orders.create({ customerId: "cus_1", lines: lines4 });
    const before = storedState(db);
    expect(await asyncRefusal(() => services.orders.pay("ord_4", "tok_declined"))).toEqual({
      code: "PAYMENT_DECLINED",
      message: "The card was declined. The order is still awaiting payment.",
      details: { orderId: "ord_4", reason: "card_declined" },
    });
    expect(storedState(db)).toEqual(before);
    expect(services.customers.register({ name: "Grace", email: "grace@example.com" }).id).toBe("cus_5");
  });

  test("an unknown order is NOT_FOUND and never reaches the provider", async () => {
    const { services, gateway } = testShop();
    expect(await asyncRefusal(() => services.orders.pay("ord_9", "tok_visa"))).toEqual({ code: "NOT_FOUND", message: "There is no order ord_9.", details: { orderId: "ord_9" } });
    expect(gateway.charges).toEqual([]);
  });

  test("an order cancelled while its card was charged gets the charge refunded and stays cancelled", async () => {
    // The customer cancels while the provider is charging the card.
    const gateway = new FakeGateway((request) => {
      shop.services.orders.cancel(request.idempotencyKey);
      return { approved: true, chargeId: `ch_${request.idempotencyKey}` };
    });
    const shop = testShop({ gateway });
    shop.services.orders.create({ customerId: "cus_1", lines: lines4 });
    expect(await asyncRefusal(() => shop.services.orders.pay("ord_4", "tok_visa"))).toEqual({
      code: "ORDER_NOT_PENDING",
      message: "Order ord_4 is cancelled, not awaiting payment.",
      details: { orderId: "ord_4", status: "cancelled" },
    });
    expect(gateway.refunds).toEqual(["ch_ord_4"]);
    expect(storedState(shop.db)).toMatchObject({ stock: { prd_2: 3, prd_3: 10 }, orders: [{ id: "ord_4", status: "cancelled", paymentId: null }], payments: [] });
  });

  test("an order paid meanwhile by the same charge is not refunded", async () => {
    // A second payment of the same order, while the first is being charged, completes first.
    let first = true;
    const gateway = new FakeGateway(async (request) => {
      if (first) {
        first = false;
        await shop.services.orders.pay(request.idempotencyKey, "tok_visa");
      }
      return { approved: true, chargeId: `ch_${request.idempotencyKey}` };
    });
    const shop = testShop({ gateway });
    shop.services.orders.create({ customerId: "cus_1", lines: lines4 });
    expect((await asyncRefusal(() => shop.services.orders.pay("ord_4", "tok_visa"))).details).toEqual({ orderId: "ord_4", status: "paid" });
    expect(gateway.refunds).toEqual([]);
    expect(storedState(shop.db).payments).toEqual([{ id: "pay_5", orderId: "ord_4", amountCents: 6_200 }]);
  });

  test("a gateway that fails leaves the order pending and records nothing", async () => {
    const gateway = new FakeGateway(() => Promise.reject(new Error("provider unreachable")));
    const { db, services } = testShop({ gateway });
    services.orders.create({ customerId: "cus_1", lines: lines4 });
    const before = storedState(db);
    await expect(services.orders.pay("ord_4", "tok_visa")).rejects.toThrow("provider unreachable");
    expect(storedState(db)).toEqual(before);
  });
});

describe("OrderService.cancel", () => {
  test("releases the stock and records orders.cancelled; a cancelled or unknown order is refused", () => {
    const { db, services } = testShop();
    services.orders.create({ customerId: "cus_1", lines: lines4 });
    expect(services.orders.cancel("ord_4")).toEqual({ ...order4, status: "cancelled" });
    expect(storedState(db)).toMatchObject({
      stock: { prd_2: 3, prd_3: 10 },
      outbox: [{ id: "orders.created:ord_4" }, { id: "orders.cancelled:ord_4", payload: { orderId: "ord_4" } }],
    });
    expect(refusal(() => services.orders.cancel("ord_4"))).toEqual({
      code: "ORDER_NOT_PENDING",
      message: "Order ord_4 is cancelled, not awaiting payment.",
      details: { orderId: "ord_4", status: "cancelled" },
    });
    expect(refusal(() => services.orders.cancel("ord_9"))).toEqual({ code: "NOT_FOUND", message: "There is no order ord_9.", details: { orderId: "ord_9" } });
    expect(storedState(db).outbox).toHaveLength(2);
  });
});
