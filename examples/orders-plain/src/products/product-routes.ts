import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Guard } from "../http/guard.js";
import { parseInput } from "../http/input.js";
import { PriceCents, ProductId, RestockQuantity, Stock } from "./product.js";
import type { ProductService } from "./product-service.js";

const Draft = z.strictObject({ name: z.string().min(1).max(200).regex(/\S/), priceCents: PriceCents, stock: Stock });
const ProductPath = z.strictObject({ productId: ProductId });
const Restock = z.strictObject({ productId: ProductId, quantity: RestockQuantity });

export function productRoutes(products: ProductService, guard: Guard): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/products", guard("products.create", "products:write"), (c) => c.json(products.create(parseInput(c, Draft)), 201))
    .get("/products/:productId", guard("products.get", "products:read"), (c) => c.json(products.get(parseInput(c, ProductPath).productId)))
    .post("/products/:productId/restock", guard("products.restock", "products:write"), (c) => {
      const { productId, quantity } = parseInput(c, Restock);
      return c.json(products.restock(productId, quantity));
    });
}
