import { defineFeature } from "agentix";
import { productsContract } from "./contract.js";
import { createProduct, getProduct, restockProduct } from "./operations.js";

export const products = defineFeature({
  id: "products",
  description: "The catalogue: products, prices and available stock.",
  contract: productsContract,
  dependencies: [],
  operations: [createProduct, getProduct, restockProduct],
  invariants: [],
});
