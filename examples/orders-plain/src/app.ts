// The composition: repositories over one SQLite connection, the services they are injected
// into, and the HTTP application that routes requests to the services. Nothing registers
// itself; what is not wired here does not exist.
import type { Database } from "better-sqlite3";
import { Hono } from "hono";
import { SqliteCustomerRepository } from "./customers/customer-repository.js";
import { customerRoutes } from "./customers/customer-routes.js";
import { CustomerService } from "./customers/customer-service.js";
import type { Principal } from "./http/authentication.js";
import { ApiError, defectBody, domainErrorStatus, errorBody } from "./http/errors.js";
import { createGuard, type AppEnv } from "./http/guard.js";
import { SqliteOrderRepository } from "./orders/order-repository.js";
import { orderRoutes } from "./orders/order-routes.js";
import { OrderService } from "./orders/order-service.js";
import type { PaymentGateway } from "./payments/payment-gateway.js";
import { SqlitePaymentRepository } from "./payments/payment-repository.js";
import { paymentRoutes } from "./payments/payment-routes.js";
import { PaymentService } from "./payments/payment-service.js";
import { SqliteProductRepository } from "./products/product-repository.js";
import { productRoutes } from "./products/product-routes.js";
import { ProductService } from "./products/product-service.js";
import type { Clock } from "./shared/clock.js";
import { DomainError } from "./shared/domain-error.js";
import type { IdGenerator } from "./shared/ids.js";

export interface Services {
  readonly customers: CustomerService;
  readonly products: ProductService;
  readonly orders: OrderService;
  readonly payments: PaymentService;
}

export interface Infrastructure {
  readonly db: Database;
  readonly payments: PaymentGateway;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export function createServices({ db, payments, clock, ids }: Infrastructure): Services {
  const customers = new SqliteCustomerRepository(db);
  const products = new SqliteProductRepository(db);
  return {
    customers: new CustomerService(customers, ids),
    products: new ProductService(products, ids),
    orders: new OrderService({ orders: new SqliteOrderRepository(db), customers, products, payments, clock, ids }),
    payments: new PaymentService(new SqlitePaymentRepository(db)),
  };
}

export interface AppOptions {
  readonly principalFor: (authorization: string | undefined) => Principal | undefined;
  /** Receives every unexpected error (clients only see a 500). Default: console.error. */
  readonly onDefect?: (error: unknown) => void;
  readonly maxBodyBytes?: number;
}

export function createApp(services: Services, options: AppOptions): Hono<AppEnv> {
  const guard = createGuard(options);
  const onDefect = options.onDefect ?? ((error: unknown) => { console.error("orders-plain:", error); });
  // A trailing slash names the same resource.
  const app = new Hono<AppEnv>({ strict: false });

  app.use(async (c, next) => {
    try {
      new URL(c.req.url).pathname.split("/").forEach((segment) => decodeURIComponent(segment));
    } catch {
      throw new ApiError(400, "BAD_REQUEST", "The request path is not valid.");
    }
    await next();
  });
  app.route("/", customerRoutes(services.customers, guard));
  app.route("/", productRoutes(services.products, guard));
  app.route("/", orderRoutes(services.orders, guard));
  app.route("/", paymentRoutes(services.payments, guard));
  answerOtherMethods(app);

  app.notFound((c) => c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message, error.details), error.status, error.headers);
    if (error instanceof DomainError) return c.json(errorBody(error.code, error.message, error.details), domainErrorStatus[error.code]);
    onDefect(error);
    return c.json(defectBody, 500);
  });
  return app;
}

/** A known path asked with another method is 405, naming the methods it has (Hono answers HEAD wherever GET is). */
function answerOtherMethods(app: Hono<AppEnv>): void {
  const methods = new Map<string, string[]>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const added = route.method === "GET" ? ["GET", "HEAD"] : [route.method];
    methods.set(route.path, [...new Set([...(methods.get(route.path) ?? []), ...added])]);
  }
  for (const [path, allowed] of methods) {
    app.all(path, (c) => {
      throw new ApiError(405, "METHOD_NOT_ALLOWED", `${c.req.method} is not allowed here.`, undefined, { allow: allowed.join(", ") });
    });
  }
}
