import type { Database } from "better-sqlite3";
import type { Payment } from "./payment.js";

/** Reads payments. They are written by the order repository, in the transaction that marks the order paid. */
export interface PaymentRepository {
  findById(id: string): Payment | undefined;
}

export class SqlitePaymentRepository implements PaymentRepository {
  private readonly select;

  constructor(db: Database) {
    this.select = db.prepare<[string], Payment>(
      "SELECT id, order_id AS orderId, amount_cents AS amountCents, charge_id AS chargeId, captured_at AS capturedAt FROM payments WHERE id = ?",
    );
  }

  findById(id: string): Payment | undefined {
    return this.select.get(id);
  }
}
