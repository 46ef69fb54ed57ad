import { defineCommand, defineQuery, Ids, s } from "agentix";
import { PriceCents, Product, ProductId, ProductStore, Stock } from "./contract.js";
import { newProduct } from "./model.js";

const NotFound = s.object({ productId: s.string() });

export const createProduct = defineCommand({
  id: "products.create",
  description: "Adds a product to the catalogue with its initial stock.",
  input: s.object({
    name: s.string({ minLength: 1, maxLength: 200, pattern: "\\S" }),
    priceCents: PriceCents,
    stock: Stock,
  }),
  output: Product,
  permissions: ["products:write"],
  effects: { nextId: Ids.next, insert: ProductStore.insert },
  async execute({ input, effects }) {
    const product = newProduct(`prd_${await effects.nextId()}`, input);
    await effects.insert(product);
    return product;
  },
});

export const getProduct = defineQuery({
  id: "products.get",
  description: "One product by id, with its available stock.",
  input: s.object({ productId: ProductId }),
  output: Product,
  errors: { NOT_FOUND: NotFound },
  permissions: ["products:read"],
  effects: { get: ProductStore.get },
  async execute({ input, effects, fail }) {
    const product = await effects.get(input.productId);
    return product ?? fail("NOT_FOUND", { productId: input.productId }, `There is no product ${input.productId}.`);
  },
});

export const restockProduct = defineCommand({
  id: "products.restock",
  description: "Adds units to a product's available stock.",
  input: s.object({ productId: ProductId, quantity: s.integer({ minimum: 1, maximum: 1_000_000 }) }),
  output: Product,
  errors: { NOT_FOUND: NotFound },
  permissions: ["products:write"],
  effects: { addStock: ProductStore.addStock },
  async execute({ input, effects, fail }) {
    const product = await effects.addStock({ id: input.productId, quantity: input.quantity });
    return product ?? fail("NOT_FOUND", { productId: input.productId }, `There is no product ${input.productId}.`);
  },
});
