// Helpers shared by the example's tests: temporary SQLite files and what a database holds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "better-sqlite3";
import type { MemoryDatabase } from "../src/adapters/memory/index.js";

/** A fresh directory for a SQLite file; `remove()` deletes it with everything in it. */
export function temporaryDirectory(): { readonly path: string; file(name: string): string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "agentix-orders-"));
  return { path, file: (name) => join(path, name), remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The state a test asserts on, the same shape whichever database holds it. */
export interface StoredState {
  readonly customers: readonly { id: string; email: string; status: string }[];
  readonly stock: Readonly<Record<string, number>>;
  readonly orders: readonly { id: string; status: string; paymentId: string | null }[];
  readonly payments: readonly { id: string; orderId: string; amountCents: number }[];
  readonly outbox: readonly { id: string; event: string; version: number; payload: unknown; occurredAt: string }[];
}

export function sqliteState(db: Database): StoredState {
  return {
    customers: db.prepare<[], StoredState["customers"][number]>("SELECT id, email, status FROM customers ORDER BY id").all(),
    stock: Object.fromEntries(db.prepare<[], { id: string; stock: number }>("SELECT id, stock FROM products ORDER BY id").all().map((row) => [row.id, row.stock])),
    orders: db.prepare<[], StoredState["orders"][number]>("SELECT id, status, payment_id AS paymentId FROM orders ORDER BY id").all(),
    payments: db.prepare<[], StoredState["payments"][number]>("SELECT id, order_id AS orderId, amount_cents AS amountCents FROM payments ORDER BY id").all(),
    outbox: db
      .prepare<[], { id: string; event: string; version: number; payload: string; occurredAt: string }>(
        "SELECT id, event, version, payload, occurred_at AS occurredAt FROM outbox ORDER BY seq",
      )
      .all()
      .map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown })),
  };
}

export function memoryState(db: MemoryDatabase): StoredState {
  const tables = db.snapshot();
  const byId = <T extends { id: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return {
    customers: byId(tables.customers.values()).map(({ id, email, status }) => ({ id, email, status })),
    stock: Object.fromEntries(byId(tables.products.values()).map((product) => [product.id, product.stock])),
    orders: byId(tables.orders.values()).map(({ id, status, paymentId }) => ({ id, status, paymentId })),
    payments: byId(tables.payments.values()).map(({ id, orderId, amountCents }) => ({ id, orderId, amountCents })),
    outbox: tables.outbox,
  };
}
