// The whole application over the in-memory adapters, dispatched by operation id the way a
// transport would: the composition is right (every feature, dependency and adapter), events
// come back with each outcome, and the outbox holds the same events as data.
import { describe, expect, test } from "vitest";
import { PortSchemaViolation, type DefectReport } from "agentix";
import { fakeClock, memoryPort, sequentialIds } from "agentix/testing";
import { MemoryDatabase, memoryStorage } from "../src/adapters/memory/index.js";
import { simulatedGateway } from "../src/adapters/payments/simulated-gateway.js";
import { createOrdersApplication } from "../src/app.js";
import { roles } from "../src/auth.js";
import { Payments } from "../src/features/payments/contract.js";
import { routes } from "../src/http.js";
import { memoryState } from "./support.js";

const admin = { id: "admin", permissions: roles.admin };
const now = "2026-03-01T09:00:00.000Z";

function application(payments = simulatedGateway()) {
  const db = new MemoryDatabase();
  const defects: DefectReport[] = [];
  const app = createOrdersApplication(
    { storage: memoryStorage(db), payments, clock: fakeClock(now), ids: sequentialIds() },
    { onDefect: (report) => defects.push(report) },
  );
  return { app, db, defects };
}

describe("the orders application", () => {
  test("has exactly the four features, and one HTTP route per operation", () => {
    const { app } = application();
    const operations = app.features.flatMap((feature) => feature.operations.map((operation: { id: string }) => operation.id));
    expect(app.features.map((feature) => feature.id)).toEqual(["customers", "products", "payments", "orders"]);
    expect([...operations].sort()).toEqual([...routes.map((route) => route.operation)].sort());
    expect(operations).toHaveLength(12);
  });

  test("a customer orders, pays, and the events come back with the outcomes and land in the outbox", async () => {
    const { app, db } = application();
    await app.dispatch("customers.register", { name: "Ada", email: "ada@example.com" }, { principal: admin });
    await app.dispatch("products.create", { name: "Kettle", priceCents: 2_500, stock: 3 }, { principal: admin });

    const placed = await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 3 }] }, { principal: admin });
    const created = { orderId: "ord_3", customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 3, unitPriceCents: 2_500 }], totalCents: 7_500 };
    expect(placed.ok && placed.events).toEqual([{ event: "orders.created", version: 1, payload: created }]);

    const paid = await app.dispatch("orders.pay", { orderId: "ord_3", cardToken: "tok_visa" }, { principal: admin, trace: true });
    expect(paid.ok && paid.events).toEqual([{ event: "orders.paid", version: 1, payload: { orderId: "ord_3", paymentId: "pay_4", amountCents: 7_500 } }]);
    expect(paid.trace?.effects.map((call) => call.operation)).toEqual([
      "orders.store.get",
      "payments.gateway.charge",
      "ids.next",
      "clock.now",
      "orders.store.mark-paid",
    ]);

    expect(memoryState(db)).toEqual({
      customers: [{ id: "cus_1", email: "ada@example.com", status: "active" }],
      stock: { prd_2: 0 },
      orders: [{ id: "ord_3", status: "paid", paymentId: "pay_4" }],
      payments: [{ id: "pay_4", orderId: "ord_3", amountCents: 7_500 }],
      outbox: [
        { id: "orders.created:ord_3", event: "orders.created", version: 1, payload: created, occurredAt: now },
        { id: "orders.paid:ord_3", event: "orders.paid", version: 1, payload: { orderId: "ord_3", paymentId: "pay_4", amountCents: 7_500 }, occurredAt: now },
      ],
    });
  });

  test("a gateway that breaks its port's schema is a DEFECT at the boundary, and nothing is recorded", async () => {
    const broken = memoryPort(Payments, { charge: [{ ok: true, value: { chargeId: "" } }] });
    const { app, db, defects } = application(broken);
    await app.dispatch("customers.register", { name: "Ada", email: "ada@example.com" }, { principal: admin });
    await app.dispatch("products.create", { name: "Kettle", priceCents: 2_500, stock: 3 }, { principal: admin });
    await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] }, { principal: admin });

    const outcome = await app.dispatch("orders.pay", { orderId: "ord_3", cardToken: "tok_visa" }, { principal: admin });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: "DEFECT",
        message: "the adapter for payments.gateway.charge returned a result that breaks its schema",
        details: { portOperation: "payments.gateway.charge", phase: "output" },
      },
    });
    // The issues go to the defect hook, never to the outcome (which reaches clients).
    expect(defects).toEqual([{ operation: "orders.pay", portOperation: "payments.gateway.charge", cause: expect.any(PortSchemaViolation) }]);
    expect(defects[0]?.cause).toMatchObject({
      phase: "output",
      issues: [{ code: "too_small", path: "/value/chargeId", message: "must NOT have fewer than 1 characters" }],
    });
    expect(memoryState(db)).toMatchObject({ orders: [{ id: "ord_3", status: "pending_payment", paymentId: null }], payments: [] });
  });
});
