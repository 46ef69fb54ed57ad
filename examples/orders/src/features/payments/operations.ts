import { defineQuery, s } from "agentix";
import { Payment, PaymentId, PaymentStore } from "./contract.js";

export const getPayment = defineQuery({
  id: "payments.get",
  description: "One recorded payment by id.",
  input: s.object({ paymentId: PaymentId }),
  output: Payment,
  errors: { NOT_FOUND: s.object({ paymentId: s.string() }) },
  permissions: ["payments:read"],
  effects: { get: PaymentStore.get },
  async execute({ input, effects, fail }) {
    const payment = await effects.get(input.paymentId);
    return payment ?? fail("NOT_FOUND", { paymentId: input.paymentId }, `There is no payment ${input.paymentId}.`);
  },
});
