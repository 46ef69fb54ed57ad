// The SQLite schema, as an append-only list of migrations. `PRAGMA user_version` records how
// many have run; each runs in its own transaction. Never edit a released migration: add one.
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
    position         INTEGER NOT NULL,
    product_id       TEXT NOT NULL REFERENCES products (id),
    quantity         INTEGER NOT NULL CHECK (quantity > 0),
    unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents > 0),
    PRIMARY KEY (order_id, position)
  ) STRICT;

  CREATE TABLE payments (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL UNIQUE REFERENCES orders (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    charge_id    TEXT NOT NULL,
    captured_at  TEXT NOT NULL
  ) STRICT;

  -- Events recorded in the same transaction as the change they report; seq is publish order.
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

/** Brings the database up to the latest schema; returns how many migrations ran. */
export function migrate(db: Database): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`the database schema is version ${current}, newer than this program's ${migrations.length}`);
  }
  const pending = migrations.slice(current);
  pending.forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    }).immediate();
  });
  return pending.length;
}
