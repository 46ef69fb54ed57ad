import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Guard } from "../http/guard.js";
import { parseInput } from "../http/input.js";
import { PaymentId } from "./payment.js";
import type { PaymentService } from "./payment-service.js";

const PaymentPath = z.strictObject({ paymentId: PaymentId });

export function paymentRoutes(payments: PaymentService, guard: Guard): Hono<AppEnv> {
  return new Hono<AppEnv>().get("/payments/:paymentId", guard("payments.get", "payments:read"), (c) =>
    c.json(payments.get(parseInput(c, PaymentPath).paymentId)),
  );
}
