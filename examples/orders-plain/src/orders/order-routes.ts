import { Hono } from "hono";
import { z } from "zod";
import { CustomerId } from "../customers/customer.js";
import type { AppEnv, Guard } from "../http/guard.js";
import { parseInput } from "../http/input.js";
import { CardToken } from "../payments/payment.js";
import { ProductId } from "../products/product.js";
import { OrderId, Quantity } from "./order.js";
import type { OrderService } from "./order-service.js";

const NewOrder = z.strictObject({
  customerId: CustomerId,
  lines: z.array(z.strictObject({ productId: ProductId, quantity: Quantity })).min(1).max(50),
});
const OrderPath = z.strictObject({ orderId: OrderId });
const Payment = z.strictObject({ orderId: OrderId, cardToken: CardToken });

export function orderRoutes(orders: OrderService, guard: Guard): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/orders", guard("orders.create", "orders:write"), (c) => c.json(orders.create(parseInput(c, NewOrder)), 201))
    .get("/orders/:orderId", guard("orders.get", "orders:read"), (c) => c.json(orders.get(parseInput(c, OrderPath).orderId)))
    .post("/orders/:orderId/payment", guard("orders.pay", "orders:pay"), async (c) => {
      const { orderId, cardToken } = parseInput(c, Payment);
      return c.json(await orders.pay(orderId, cardToken));
    })
    .post("/orders/:orderId/cancel", guard("orders.cancel", "orders:write"), (c) => c.json(orders.cancel(parseInput(c, OrderPath).orderId)));
}
