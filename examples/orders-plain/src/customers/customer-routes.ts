import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Guard } from "../http/guard.js";
import { parseInput } from "../http/input.js";
import { CustomerId } from "./customer.js";
import type { CustomerService } from "./customer-service.js";

const Registration = z.strictObject({
  // At least one non-space character: the name is trimmed before it is stored.
  name: z.string().min(1).max(200).regex(/\S/),
  email: z.email().max(320),
});
const CustomerPath = z.strictObject({ customerId: CustomerId });

export function customerRoutes(customers: CustomerService, guard: Guard): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/customers", guard("customers.register", "customers:write"), (c) => c.json(customers.register(parseInput(c, Registration)), 201))
    .get("/customers/:customerId", guard("customers.get", "customers:read"), (c) => c.json(customers.get(parseInput(c, CustomerPath).customerId)))
    .post("/customers/:customerId/suspend", guard("customers.suspend", "customers:manage"), (c) =>
      c.json(customers.suspend(parseInput(c, CustomerPath).customerId)),
    )
    .post("/customers/:customerId/reactivate", guard("customers.reactivate", "customers:manage"), (c) =>
      c.json(customers.reactivate(parseInput(c, CustomerPath).customerId)),
    );
}
