// The two stand-ins for the card provider: the simulated one (`npm run plain:serve`) and the
// scripted one (ORDERS_PAYMENT_ANSWERS, used by the acceptance contract).
import { describe, expect, test } from "vitest";
import { ScriptedGateway } from "../src/payments/scripted-gateway.js";
import { SimulatedGateway } from "../src/payments/simulated-gateway.js";

const charge = (key: string, cardToken = "tok_visa", amountCents = 1_200) => ({ idempotencyKey: key, amountCents, cardToken });

describe("SimulatedGateway", () => {
  test("declines the two test tokens and amounts over its limit; approves the rest once per key", async () => {
    const gateway = new SimulatedGateway(5_000);
    expect(await gateway.charge(charge("ord_1", "tok_declined"))).toEqual({ approved: false, reason: "card_declined" });
    expect(await gateway.charge(charge("ord_1", "tok_insufficient_funds"))).toEqual({ approved: false, reason: "insufficient_funds" });
    expect(await gateway.charge(charge("ord_1", "tok_visa", 5_001))).toEqual({ approved: false, reason: "limit_exceeded" });
    expect(await gateway.charge(charge("ord_1", "tok_visa", 5_000))).toEqual({ approved: true, chargeId: "ch_ord_1" });
    expect(await gateway.charge(charge("ord_1", "tok_declined"))).toEqual({ approved: true, chargeId: "ch_ord_1" });
    await gateway.refund("ch_ord_1");
    await expect(gateway.refund("ch_ord_2")).rejects.toThrow("no charge ch_ord_2 to refund");
  });
});

describe("ScriptedGateway", () => {
  test("answers each new charge with the next answer; a key approved before uses none", async () => {
    const script = ["card_declined", "approved", "limit_exceeded"] as const;
    const gateway = new ScriptedGateway(script);
    expect(await gateway.charge(charge("ord_1"))).toEqual({ approved: false, reason: "card_declined" });
    expect(await gateway.charge(charge("ord_1"))).toEqual({ approved: true, chargeId: "ch_ord_1" });
    expect(await gateway.charge(charge("ord_1"))).toEqual({ approved: true, chargeId: "ch_ord_1" });
    expect(await gateway.charge(charge("ord_2"))).toEqual({ approved: false, reason: "limit_exceeded" });
    await expect(gateway.charge(charge("ord_3"))).rejects.toThrow("the payment script has no answer left");
    expect(script).toEqual(["card_declined", "approved", "limit_exceeded"]);
  });
});
