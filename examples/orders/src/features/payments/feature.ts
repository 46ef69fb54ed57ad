import { defineFeature } from "agentix";
import { paymentsContract } from "./contract.js";
import { getPayment } from "./operations.js";

export const payments = defineFeature({
  id: "payments",
  description: "The payment provider port and the payments recorded for orders.",
  contract: paymentsContract,
  dependencies: [],
  operations: [getPayment],
  invariants: [],
});
