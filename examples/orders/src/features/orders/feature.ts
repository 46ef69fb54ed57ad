import { defineFeature } from "agentix";
import { customersContract } from "../customers/contract.js";
import { paymentsContract } from "../payments/contract.js";
import { productsContract } from "../products/contract.js";
import { ordersContract } from "./contract.js";
import { paidOrderHasPayment } from "./invariants.js";
import { cancelOrder, createOrder, getOrder, payOrder } from "./operations.js";

export const orders = defineFeature({
  id: "orders",
  description: "Placing orders against stock, paying them by card, cancelling unpaid ones.",
  contract: ordersContract,
  dependencies: [customersContract, productsContract, paymentsContract],
  operations: [createOrder, payOrder, cancelOrder, getOrder],
  invariants: [paidOrderHasPayment],
});
