import { describe, expect, test } from "vitest";
import { assertEffects, assertNoEffects, memoryPort, testQuery } from "agentix/testing";
import { PaymentStore } from "./contract.js";
import { getPayment } from "./operations.js";

const payment = { id: "pay_4", orderId: "ord_3", amountCents: 5_000, chargeId: "ch_ord_3", capturedAt: "2026-01-01T00:00:00.000Z" };

describe("payments.get", () => {
  test("returns the recorded payment", async () => {
    const run = await testQuery(getPayment, { input: { paymentId: "pay_4" }, adapters: [memoryPort(PaymentStore, { get: [payment] })] });

    expect(run.outcome).toEqual({ ok: true, value: payment, events: [] });
    assertEffects(run, ["payments.store.get"]);
  });

  test("answers NOT_FOUND for an unknown id", async () => {
    const run = await testQuery(getPayment, { input: { paymentId: "pay_9" }, adapters: [memoryPort(PaymentStore, { get: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no payment pay_9.", details: { paymentId: "pay_9" } } });
  });

  test("denies a principal without payments:read before any effect", async () => {
    const run = await testQuery(getPayment, { input: { paymentId: "pay_4" }, permissions: ["orders:read"], adapters: [memoryPort(PaymentStore)] });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "test-principal" lacks payments:read for payments.get', details: { missing: ["payments:read"] } },
    });
    assertNoEffects(run);
  });
});
