import { implementPort, type Input } from "agentix";
import type { Database } from "better-sqlite3";
import { PaymentStore, type Payment } from "../../features/payments/contract.js";

/** Reads payments; they are written by the order store's `markPaid` unit of work. */
export function sqlitePaymentStore(db: Database) {
  const select = db.prepare<[string], Input<typeof Payment>>(
    "SELECT id, order_id AS orderId, amount_cents AS amountCents, charge_id AS chargeId, captured_at AS capturedAt FROM payments WHERE id = ?",
  );
  return implementPort(PaymentStore, { get: (id) => select.get(id) ?? null }, { name: "sqlite:payments.store" });
}
