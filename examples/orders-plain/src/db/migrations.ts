// The schema, as an append-only list of migrations; `PRAGMA user_version` counts those applied.
// Never edit a released migration: add a new one.
//
// The `outbox` table is also an interface: a relay (not part of this app) publishes its rows in
// `seq` order, and the acceptance contract reads it (examples/orders-acceptance/README.md).
import type { Database } from "better-sqlite3";

export const migrations: readonly string[] = [
  `
  CREATE TABLE customers (
    id     TEXT PRIMARY KEY,
    name   TEXT NOT NULL,
    email  TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('active', 'suspended'))
  ) STRICT;

  CREATE TABLE products (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents > 0),
    stock       INTEGER NOT NULL CHECK (stock >= 0)
  ) STRICT;

  CREATE TABLE orders (
    id          TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    status      TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'cancelled')),
    total_cents INTEGER NOT NULL CHECK (total_cents > 0),
    payment_id  TEXT UNIQUE,
    created_at  TEXT NOT NULL
  ) STRICT;

  CREATE TABLE order_lines (
    order_id         TEXT NOT NULL REFERENCES orders (id),
    line_no          INTEGER NOT NULL,
    product_id       TEXT NOT NULL REFERENCES products (id),
    quantity         INTEGER NOT NULL CHECK (quantity > 0),
    unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents > 0),
    PRIMARY KEY (order_id, line_no)
  ) STRICT;

  CREATE TABLE payments (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL UNIQUE REFERENCES orders (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    charge_id    TEXT NOT NULL,
    captured_at  TEXT NOT NULL
  ) STRICT;

  CREATE TABLE outbox (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT NOT NULL UNIQUE,
    event        TEXT NOT NULL,
    version      INTEGER NOT NULL,
    payload      TEXT NOT NULL CHECK (json_valid(payload)),
    occurred_at  TEXT NOT NULL,
    published_at TEXT
  ) STRICT;
  `,
];

/** Applies the migrations this database has not seen yet, each in its own transaction. */
export function migrate(db: Database): number {
  const applied = db.pragma("user_version", { simple: true }) as number;
  if (applied > migrations.length) {
    throw new Error(`the database schema is version ${String(applied)}, newer than this program's ${String(migrations.length)}`);
  }
  migrations.slice(applied).forEach((sql, offset) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${String(applied + offset + 1)}`);
    }).immediate();
  });
  return migrations.length - applied;
}
