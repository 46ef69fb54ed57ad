// Black-box scenarios: the real server (SQLite file, agentix/http on @hono/node-server) on
// 127.0.0.1, driven with real fetch. Each test gets a fresh database, a fixed clock and
// sequential ids, and asserts status codes, exact bodies, and what the SQLite file holds.
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fakeClock, sequentialIds } from "agentix/testing";
import { developmentTokens } from "../src/auth.js";
import { startServer, type RunningServer } from "../src/server.js";
import { sqliteState, temporaryDirectory, type StoredState } from "./support.js";

const now = "2026-03-01T09:00:00.000Z";
const tokens = { admin: "dev-admin-token", clerk: "dev-clerk-token", auditor: "dev-auditor-token" } as const;

let directory: ReturnType<typeof temporaryDirectory>;
let server: RunningServer;
let defects: unknown[];

beforeEach(async () => {
  directory = temporaryDirectory();
  defects = [];
  server = await startServer({
    databasePath: directory.file("orders.db"),
    port: 0,
    tokens: developmentTokens,
    clock: fakeClock(now),
    ids: sequentialIds(),
    onDefect: (report) => defects.push(report.cause),
  });
});
afterEach(async () => {
  await server.close();
  directory.remove();
});

interface Reply {
  readonly status: number;
  readonly body: unknown;
}

async function call(method: string, path: string, options: { readonly as?: keyof typeof tokens; readonly token?: string; readonly body?: unknown; readonly raw?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  const token = options.token ?? (options.as === undefined ? undefined : tokens[options.as]);
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  return { status: response.status, body: await response.json() };
}

/** What the database file holds, read through a connection of our own. */
function stored(): StoredState {
  const db = new BetterSqlite3(directory.file("orders.db"), { readonly: true });
  try {
    return sqliteState(db);
  } finally {
    db.close();
  }
}

/** cus_1 (Ada), prd_2 (Kettle, 2500, stock 3), prd_3 (Mug, 1200, stock 10). */
async function seed(): Promise<void> {
  expect((await call("POST", "/customers", { as: "clerk", body: { name: "Ada", email: "ada@example.com" } })).status).toBe(201);
  expect((await call("POST", "/products", { as: "admin", body: { name: "Kettle", priceCents: 2_500, stock: 3 } })).status).toBe(201);
  expect((await call("POST", "/products", { as: "admin", body: { name: "Mug", priceCents: 1_200, stock: 10 } })).status).toBe(201);
}

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
const created4 = { orderId: "ord_4", customerId: "cus_1", lines: order4.lines, totalCents: 6_200 };
const placeOrder4 = () =>
  call("POST", "/orders", { as: "clerk", body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }, { productId: "prd_3", quantity: 1 }] } });

describe("customers and products", () => {
  test("are created (201) and read back (200) with exactly what was stored", async () => {
    expect(await call("POST", "/customers", { as: "clerk", body: { name: " Ada Lovelace ", email: "Ada@Example.com" } })).toEqual({
      status: 201,
      body: { id: "cus_1", name: "Ada Lovelace", email: "ada@example.com", status: "active" },
    });
    expect(await call("GET", "/customers/cus_1", { as: "auditor" })).toEqual({
      status: 200,
      body: { id: "cus_1", name: "Ada Lovelace", email: "ada@example.com", status: "active" },
    });
    expect(await call("POST", "/products", { as: "admin", body: { name: "Kettle", priceCents: 2_500, stock: 3 } })).toEqual({
      status: 201,
      body: { id: "prd_2", name: "Kettle", priceCents: 2_500, stock: 3 },
    });
    expect(await call("POST", "/products/prd_2/restock", { as: "admin", body: { quantity: 7 } })).toEqual({
      status: 200,
      body: { id: "prd_2", name: "Kettle", priceCents: 2_500, stock: 10 },
    });
    expect(await call("GET", "/products/prd_2", { as: "clerk" })).toEqual({ status: 200, body: { id: "prd_2", name: "Kettle", priceCents: 2_500, stock: 10 } });
    expect(stored()).toMatchObject({ customers: [{ id: "cus_1", email: "ada@example.com", status: "active" }], stock: { prd_2: 10 } });
  });

  test("a second customer with the same email (any case) is 409 EMAIL_TAKEN", async () => {
    await call("POST", "/customers", { as: "clerk", body: { name: "Ada", email: "ada@example.com" } });
    expect(await call("POST", "/customers", { as: "clerk", body: { name: "Other Ada", email: "ADA@example.com" } })).toEqual({
      status: 409,
      body: { error: { code: "EMAIL_TAKEN", message: "A customer with the email ada@example.com already exists.", details: { email: "ada@example.com" } } },
    });
    expect(stored().customers).toEqual([{ id: "cus_1", email: "ada@example.com", status: "active" }]);
  });

  test("unknown ids are 404 NOT_FOUND", async () => {
    expect(await call("GET", "/customers/cus_9", { as: "auditor" })).toEqual({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "There is no customer cus_9.", details: { customerId: "cus_9" } } },
    });
    expect(await call("GET", "/products/prd_9", { as: "auditor" })).toEqual({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "There is no product prd_9.", details: { productId: "prd_9" } } },
    });
  });
});

describe("orders and payments", () => {
  test("an order is placed (201, pending, stock reserved, orders.created in the outbox), then paid (200)", async () => {
    await seed();
    expect(await placeOrder4()).toEqual({ status: 201, body: order4 });
    expect(stored()).toMatchObject({
      stock: { prd_2: 1, prd_3: 9 },
      orders: [{ id: "ord_4", status: "pending_payment", paymentId: null }],
      payments: [],
      outbox: [{ id: "orders.created:ord_4", event: "orders.created", version: 1, payload: created4, occurredAt: now }],
    });

    expect(await call("POST", "/orders/ord_4/payment", { as: "clerk", body: { cardToken: "tok_visa" } })).toEqual({
      status: 200,
      body: { ...order4, status: "paid", paymentId: "pay_5" },
    });
    expect(await call("GET", "/payments/pay_5", { as: "auditor" })).toEqual({
      status: 200,
      body: { id: "pay_5", orderId: "ord_4", amountCents: 6_200, chargeId: "ch_ord_4", capturedAt: now },
    });
    expect(await call("GET", "/orders/ord_4", { as: "auditor" })).toEqual({ status: 200, body: { ...order4, status: "paid", paymentId: "pay_5" } });
    expect(stored()).toMatchObject({
      stock: { prd_2: 1, prd_3: 9 },
      orders: [{ id: "ord_4", status: "paid", paymentId: "pay_5" }],
      payments: [{ id: "pay_5", orderId: "ord_4", amountCents: 6_200 }],
      outbox: [
        { id: "orders.created:ord_4" },
        { id: "orders.paid:ord_4", event: "orders.paid", version: 1, payload: { orderId: "ord_4", paymentId: "pay_5", amountCents: 6_200 }, occurredAt: now },
      ],
    });
  });

  test("a declined card is 402 PAYMENT_DECLINED and changes nothing; another card then pays the order", async () => {
    await seed();
    await placeOrder4();
    const before = stored();

    expect(await call("POST", "/orders/ord_4/payment", { as: "clerk", body: { cardToken: "tok_declined" } })).toEqual({
      status: 402,
      body: {
        error: {
          code: "PAYMENT_DECLINED",
          message: "The card was declined. The order is still awaiting payment.",
          details: { orderId: "ord_4", reason: "card_declined" },
        },
      },
    });
    // Still pending, stock still reserved, no payment, no new outbox message.
    expect(stored()).toEqual(before);
    expect(await call("GET", "/orders/ord_4", { as: "clerk" })).toEqual({ status: 200, body: order4 });

    expect(await call("POST", "/orders/ord_4/payment", { as: "clerk", body: { cardToken: "tok_mastercard" } })).toEqual({
      status: 200,
      body: { ...order4, status: "paid", paymentId: "pay_5" },
    });
  });

  test("the simulated gateway declines amounts over its limit", async () => {
    await seed();
    await call("POST", "/products", { as: "admin", body: { name: "Espresso machine", priceCents: 400_000, stock: 5 } });
    await call("POST", "/orders", { as: "clerk", body: { customerId: "cus_1", lines: [{ productId: "prd_4", quantity: 2 }] } });
    expect(await call("POST", "/orders/ord_5/payment", { as: "clerk", body: { cardToken: "tok_visa" } })).toEqual({
      status: 402,
      body: {
        error: {
          code: "PAYMENT_DECLINED",
          message: "The amount exceeds the card's limit. The order is still awaiting payment.",
          details: { orderId: "ord_5", reason: "limit_exceeded" },
        },
      },
    });
  });

  test("a suspended customer cannot order (409); reactivated, they can", async () => {
    await seed();
    expect(await call("POST", "/customers/cus_1/suspend", { as: "admin" })).toEqual({
      status: 200,
      body: { id: "cus_1", name: "Ada", email: "ada@example.com", status: "suspended" },
    });
    expect(await placeOrder4()).toEqual({
      status: 409,
      body: { error: { code: "CUSTOMER_SUSPENDED", message: "Customer cus_1 is suspended and may not place orders.", details: { customerId: "cus_1" } } },
    });
    expect(stored()).toMatchObject({ stock: { prd_2: 3, prd_3: 10 }, orders: [], outbox: [] });

    expect((await call("POST", "/customers/cus_1/reactivate", { as: "admin" })).status).toBe(200);
    expect((await placeOrder4()).status).toBe(201);
  });

  test("more than the stock is 409 OUT_OF_STOCK; unknown customers and products are 422", async () => {
    await seed();
    expect(await call("POST", "/orders", { as: "clerk", body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 4 }] } })).toEqual({
      status: 409,
      body: {
        error: { code: "OUT_OF_STOCK", message: "Product prd_2 has 3 in stock; the order asks for 4.", details: { productId: "prd_2", requested: 4, available: 3 } },
      },
    });
    expect(await call("POST", "/orders", { as: "clerk", body: { customerId: "cus_7", lines: [{ productId: "prd_2", quantity: 1 }] } })).toEqual({
      status: 422,
      body: { error: { code: "CUSTOMER_NOT_FOUND", message: "There is no customer cus_7.", details: { customerId: "cus_7" } } },
    });
    expect(await call("POST", "/orders", { as: "clerk", body: { customerId: "cus_1", lines: [{ productId: "prd_8", quantity: 1 }] } })).toEqual({
      status: 422,
      body: { error: { code: "PRODUCT_NOT_FOUND", message: "There is no product prd_8.", details: { productId: "prd_8" } } },
    });
    expect(stored()).toMatchObject({ stock: { prd_2: 3, prd_3: 10 }, orders: [], outbox: [] });
  });

  test("two concurrent orders for the same last units: exactly one wins, the other is 409 and writes nothing", async () => {
    await seed();
    const order = () => call("POST", "/orders", { as: "clerk", body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 3 }] } });
    const replies = await Promise.all([order(), order()]);

    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body).toEqual({
      error: { code: "OUT_OF_STOCK", message: "Product prd_2 has 0 in stock; the order asks for 3.", details: { productId: "prd_2", requested: 3, available: 0 } },
    });
    const state = stored();
    expect([state.stock, state.orders.length, state.outbox.length]).toEqual([{ prd_2: 0, prd_3: 10 }, 1, 1]);
  });

  test("cancelling a pending order releases its stock; a cancelled order cannot be paid (409)", async () => {
    await seed();
    await placeOrder4();
    expect(await call("POST", "/orders/ord_4/cancel", { as: "clerk" })).toEqual({ status: 200, body: { ...order4, status: "cancelled" } });
    expect(await call("POST", "/orders/ord_4/payment", { as: "clerk", body: { cardToken: "tok_visa" } })).toEqual({
      status: 409,
      body: { error: { code: "ORDER_NOT_PENDING", message: "Order ord_4 is cancelled, not awaiting payment.", details: { orderId: "ord_4", status: "cancelled" } } },
    });
    expect(stored()).toMatchObject({
      stock: { prd_2: 3, prd_3: 10 },
      orders: [{ id: "ord_4", status: "cancelled", paymentId: null }],
      payments: [],
      outbox: [{ id: "orders.created:ord_4" }, { id: "orders.cancelled:ord_4", event: "orders.cancelled", payload: { orderId: "ord_4" } }],
    });
  });
});

describe("authentication and permissions", () => {
  test("no token, a malformed header or an unknown token is 401, and nothing is written", async () => {
    await seed();
    const before = stored();
    const unauthenticated = { status: 401, body: { error: { code: "UNAUTHENTICATED", message: "This operation needs an authenticated principal." } } };

    expect(await call("POST", "/orders", { body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] } })).toEqual(unauthenticated);
    expect(await call("POST", "/orders", { token: "dev-clerk-token extra", body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] } })).toEqual(
      unauthenticated,
    );
    expect(await call("GET", "/customers/cus_1", { token: "not-a-token" })).toEqual(unauthenticated);
    expect(stored()).toEqual(before);
  });

  test("a known principal without the permission is 403 FORBIDDEN naming what is missing, and nothing is written", async () => {
    await seed();
    const before = stored();

    expect(await call("POST", "/orders", { as: "auditor", body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] } })).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: 'principal "auditor" lacks orders:write for orders.create', details: { missing: ["orders:write"] } } },
    });
    expect(await call("POST", "/products", { as: "clerk", body: { name: "Teapot", priceCents: 3_000, stock: 1 } })).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: 'principal "clerk" lacks products:write for products.create', details: { missing: ["products:write"] } } },
    });
    expect(await call("POST", "/customers/cus_1/suspend", { as: "clerk" })).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: 'principal "clerk" lacks customers:manage for customers.suspend', details: { missing: ["customers:manage"] } } },
    });
    expect(stored()).toEqual(before);
    // Denied before any effect: not even an id was taken, so the next order is ord_4.
    expect((await placeOrder4()).body).toEqual(order4);
  });
});

describe("transport errors", () => {
  test("an unknown field is 400 INVALID_INPUT with the issue's path", async () => {
    expect(await call("POST", "/customers", { as: "clerk", body: { name: "Ada", email: "ada@example.com", vip: true } })).toEqual({
      status: 400,
      body: {
        error: {
          code: "INVALID_INPUT",
          message: "invalid input for customers.register",
          details: { issues: [{ code: "unknown_property", path: "/vip", message: "is not allowed (unknown property)" }] },
        },
      },
    });
  });

  test("an integer beyond what SQLite and JavaScript hold exactly is 400 INVALID_INPUT, and nothing is written", async () => {
    for (const raw of ['{"name":"Kettle","priceCents":2500,"stock":1e20}', '{"name":"Kettle","priceCents":2500,"stock":9007199254740992}']) {
      expect(await call("POST", "/products", { as: "admin", raw })).toEqual({
        status: 400,
        body: {
          error: {
            code: "INVALID_INPUT",
            message: "invalid input for products.create",
            details: { issues: [{ code: "too_big", path: "/stock", message: "must be <= 9007199254740991" }] },
          },
        },
      });
    }
    expect(await call("POST", "/products", { as: "admin", raw: '{"name":"Kettle","priceCents":2500,"stock":9007199254740991}' })).toMatchObject({
      status: 201,
      body: { id: "prd_1", stock: 9_007_199_254_740_991 },
    });
    expect(stored().stock).toEqual({ prd_1: 9_007_199_254_740_991 });
    expect(defects).toEqual([]);
  });

  test("a string with a JSON-escaped lone surrogate is 400 MALFORMED_JSON, and nothing is written", async () => {
    expect(await call("POST", "/customers", { as: "clerk", raw: '{"name":"Ada \\ud800","email":"ada@example.com"}' })).toEqual({
      status: 400,
      body: { error: { code: "MALFORMED_JSON", message: "The request body has a string with a lone surrogate (an unpaired \\ud800-\\udfff escape)." } },
    });
    expect(stored().customers).toEqual([]);
    const paired = await call("POST", "/customers", { as: "clerk", raw: '{"name":"Ada \\ud83d\\ude00","email":"ada@example.com"}' });
    expect(paired).toMatchObject({ status: 201, body: { name: "Ada \u{1F600}" } });
    expect(await call("GET", "/customers/cus_1", { as: "clerk" })).toMatchObject({ status: 200, body: { name: "Ada \u{1F600}" } });
  });

  test("malformed JSON is 400 and an unknown route 404", async () => {
    expect(await call("POST", "/customers", { as: "clerk", raw: "{" })).toEqual({
      status: 400,
      body: { error: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." } },
    });
    expect(await call("GET", "/invoices/1", { as: "clerk" })).toEqual({ status: 404, body: { error: { code: "NOT_FOUND", message: "No route for GET /invoices/1." } } });
  });

  test("a defect is a 500 without internals; the cause goes to the defect hook, and nothing is written", async () => {
    await seed();
    const db = new BetterSqlite3(directory.file("orders.db"));
    db.exec("CREATE TRIGGER outbox_unavailable BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END;");
    db.close();

    expect(await placeOrder4()).toEqual({ status: 500, body: { error: { code: "DEFECT", message: "The server failed to handle this request." } } });
    expect(defects.map((cause) => (cause as Error).message)).toEqual(["outbox unavailable"]);
    expect(stored()).toMatchObject({ stock: { prd_2: 3, prd_3: 10 }, orders: [], outbox: [] });
  });
});
