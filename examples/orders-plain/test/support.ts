// What the plain app's tests share: the services over a private in-memory SQLite database
// with a fixed clock and sequential ids, and a view of what the database holds.
import type { Database } from "better-sqlite3";
import { createServices, type Services } from "../src/app.js";
import { openDatabase } from "../src/db/database.js";
import type { ChargeRequest, ChargeResult, PaymentGateway } from "../src/payments/payment-gateway.js";
import { fixedClock } from "../src/shared/clock.js";
import { DomainError } from "../src/shared/domain-error.js";
import { sequentialIds } from "../src/shared/ids.js";

export const now = "2026-03-01T09:00:00.000Z";

/** A gateway that answers from `answer` and records every call. */
export class FakeGateway implements PaymentGateway {
  readonly charges: ChargeRequest[] = [];
  readonly refunds: string[] = [];

  constructor(private readonly answer: (request: ChargeRequest) => ChargeResult | Promise<ChargeResult> = (request) => ({ approved: true, chargeId: `ch_${request.idempotencyKey}` })) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    return this.answer(request);
  }

  refund(chargeId: string): Promise<void> {
    this.refunds.push(chargeId);
    return Promise.resolve();
  }
}

export interface TestShop {
  readonly db: Database;
  readonly services: Services;
  readonly gateway: FakeGateway;
}

/** The services on a fresh in-memory database; `seed` adds cus_1 (Ada), prd_2 (Kettle 2500 x3), prd_3 (Mug 1200 x10). */
export function testShop(options: { readonly gateway?: FakeGateway; readonly seed?: boolean } = {}): TestShop {
  const db = openDatabase(":memory:");
  const gateway = options.gateway ?? new FakeGateway();
  const services = createServices({ db, payments: gateway, clock: fixedClock(now), ids: sequentialIds() });
  if (options.seed ?? true) {
    services.customers.register({ name: "Ada", email: "ada@example.com" });
    services.products.create({ name: "Kettle", priceCents: 2_500, stock: 3 });
    services.products.create({ name: "Mug", priceCents: 1_200, stock: 10 });
  }
  return { db, services, gateway };
}

export interface StoredState {
  readonly stock: Readonly<Record<string, number>>;
  readonly orders: readonly { id: string; status: string; paymentId: string | null }[];
  readonly lines: number;
  readonly payments: readonly { id: string; orderId: string; amountCents: number }[];
  readonly outbox: readonly { id: string; payload: unknown }[];
}

export function storedState(db: Database): StoredState {
  return {
    stock: Object.fromEntries(db.prepare<[], { id: string; stock: number }>("SELECT id, stock FROM products ORDER BY id").all().map((row) => [row.id, row.stock])),
    orders: db.prepare<[], StoredState["orders"][number]>("SELECT id, status, payment_id AS paymentId FROM orders ORDER BY id").all(),
    lines: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM order_lines").get()?.n ?? 0,
    payments: db.prepare<[], StoredState["payments"][number]>("SELECT id, order_id AS orderId, amount_cents AS amountCents FROM payments ORDER BY id").all(),
    outbox: db
      .prepare<[], { id: string; payload: string }>("SELECT id, payload FROM outbox ORDER BY seq")
      .all()
      .map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as unknown })),
  };
}

/** The DomainError `run` throws, as plain data (throws if it throws anything else, or nothing). */
export function refusal(run: () => unknown): { code: string; message: string; details: object } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("expected a DomainError");
}

export async function asyncRefusal(run: () => Promise<unknown>): Promise<{ code: string; message: string; details: object }> {
  const error: unknown = await run().then(() => new Error("expected a DomainError"), (cause: unknown) => cause);
  if (error instanceof DomainError) return { code: error.code, message: error.message, details: error.details };
  throw error;
}
