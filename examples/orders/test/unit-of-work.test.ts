// An order and its outbox message commit together or not at all. To prove the "not at all",
// these tests make the outbox write (the last write of the unit) fail with a SQLite trigger
// installed in the test's own database: no hook in the production code, a real failure of a
// real statement, after the stock reservation and the order rows were already written.
import type { Database } from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fakeClock, sequentialIds } from "agentix/testing";
import type { DefectReport } from "agentix";
import { openDatabase, sqliteStorage } from "../src/adapters/sqlite/index.js";
import { simulatedGateway } from "../src/adapters/payments/simulated-gateway.js";
import { createOrdersApplication } from "../src/app.js";
import { sqliteState, temporaryDirectory } from "./support.js";

const clerk = { id: "clerk", permissions: ["customers:write", "products:write", "orders:write", "orders:pay"] };

function failOutboxWrites(db: Database): void {
  db.exec("CREATE TRIGGER outbox_unavailable BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END;");
}

describe("the SQLite unit of work", () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  let db: Database;
  let defects: DefectReport[];
  let app: ReturnType<typeof createOrdersApplication>;

  beforeEach(async () => {
    directory = temporaryDirectory();
    db = openDatabase(directory.file("orders.db"));
    defects = [];
    app = createOrdersApplication(
      { storage: sqliteStorage(db), payments: simulatedGateway(), clock: fakeClock("2026-03-01T09:00:00.000Z"), ids: sequentialIds() },
      { onDefect: (report) => defects.push(report) },
    );
    await app.dispatch("customers.register", { name: "Ada", email: "ada@example.com" }, { principal: clerk });
    await app.dispatch("products.create", { name: "Kettle", priceCents: 2_500, stock: 3 }, { principal: clerk });
  });
  afterEach(() => {
    db.close();
    directory.remove();
  });

  test("orders.create: when the outbox write fails, the order, its lines and its stock reservation are rolled back", async () => {
    failOutboxWrites(db);
    const outcome = await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] }, { principal: clerk });

    expect(outcome).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "the adapter for orders.store.place threw", details: { portOperation: "orders.store.place", phase: "adapter" } },
    });
    expect(defects.map((defect) => [defect.operation, defect.portOperation, (defect.cause as Error).message])).toEqual([
      ["orders.create", "orders.store.place", "outbox unavailable"],
    ]);
    expect(sqliteState(db)).toMatchObject({ stock: { prd_2: 3 }, orders: [], outbox: [] });
    expect(db.prepare("SELECT count(*) AS n FROM order_lines").get()).toEqual({ n: 0 });
  });

  test("the same request succeeds once the outbox accepts writes again, and both rows are there", async () => {
    failOutboxWrites(db);
    await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] }, { principal: clerk });
    db.exec("DROP TRIGGER outbox_unavailable");

    const outcome = await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] }, { principal: clerk });

    expect(outcome.ok).toBe(true);
    // Ids 3 and 4 were used by the failed attempt (an id and a time are taken before the write).
    expect(sqliteState(db)).toMatchObject({
      stock: { prd_2: 1 },
      orders: [{ id: "ord_4", status: "pending_payment", paymentId: null }],
      outbox: [{ id: "orders.created:ord_4", event: "orders.created" }],
    });
  });

  test("orders.pay: when the outbox write fails, no payment is recorded and the order stays pending", async () => {
    await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] }, { principal: clerk });
    failOutboxWrites(db);

    const outcome = await app.dispatch("orders.pay", { orderId: "ord_3", cardToken: "tok_visa" }, { principal: clerk });

    expect(outcome).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "the adapter for orders.store.mark-paid threw", details: { portOperation: "orders.store.mark-paid", phase: "adapter" } },
    });
    expect(sqliteState(db)).toMatchObject({
      orders: [{ id: "ord_3", status: "pending_payment", paymentId: null }],
      payments: [],
      outbox: [{ id: "orders.created:ord_3" }],
    });
  });
});
