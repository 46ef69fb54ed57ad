import { defineFeature } from "agentix";
import { customersContract } from "./contract.js";
import { getCustomer, reactivateCustomer, registerCustomer, suspendCustomer } from "./operations.js";

export const customers = defineFeature({
  id: "customers",
  description: "Customer registration, lookup and suspension.",
  contract: customersContract,
  dependencies: [],
  operations: [registerCustomer, getCustomer, suspendCustomer, reactivateCustomer],
  invariants: [],
});
