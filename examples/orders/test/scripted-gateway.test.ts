// The scripted payment provider main.ts builds from ORDERS_PAYMENT_ANSWERS, called through its
// handlers as dispatch would call them.
import { describe, expect, test } from "vitest";
import { scriptedGateway } from "../src/adapters/payments/scripted-gateway.js";

const charge = (key: string) => ({ idempotencyKey: key, amountCents: 1_200, cardToken: "tok_visa" });

describe("scriptedGateway", () => {
  test("answers each new charge with the next scripted answer, in order", () => {
    const { handlers } = scriptedGateway(["card_declined", "approved", "limit_exceeded"]);
    expect(handlers.charge(charge("ord_1"))).toEqual({ ok: false, error: { code: "DECLINED", details: { reason: "card_declined" } } });
    expect(handlers.charge(charge("ord_1"))).toEqual({ ok: true, value: { chargeId: "ch_ord_1" } });
    expect(handlers.charge(charge("ord_2"))).toEqual({ ok: false, error: { code: "DECLINED", details: { reason: "limit_exceeded" } } });
  });

  test("a key approved before gets its charge back without using an answer", () => {
    const { handlers } = scriptedGateway(["approved", "insufficient_funds"]);
    expect(handlers.charge(charge("ord_1"))).toEqual({ ok: true, value: { chargeId: "ch_ord_1" } });
    expect(handlers.charge(charge("ord_1"))).toEqual({ ok: true, value: { chargeId: "ch_ord_1" } });
    expect(handlers.charge(charge("ord_2"))).toEqual({ ok: false, error: { code: "DECLINED", details: { reason: "insufficient_funds" } } });
  });

  test("with no answer left it fails as an unreachable provider would; it refunds only its own charges", () => {
    const script = ["approved"] as const;
    const { handlers } = scriptedGateway(script);
    handlers.charge(charge("ord_1"));
    expect(() => handlers.charge(charge("ord_2"))).toThrow("the payment script has no answer left");
    expect(handlers.refund({ chargeId: "ch_ord_1" })).toBeNull();
    expect(() => handlers.refund({ chargeId: "ch_ord_2" })).toThrow("no charge ch_ord_2 to refund");
    expect(script).toEqual(["approved"]);
  });
});
