import { implementPort, type Input } from "agentix";
import type { Database } from "better-sqlite3";
import { OrderStore, type NotPending, type Order, type OrderStatus, type OutboxMessage, type StockShortage } from "../../features/orders/contract.js";
import { rollback } from "../unit-of-work.js";
import { inTransaction } from "./transaction.js";

type OrderRecord = Input<typeof Order>;
type Shortage = { code: "INSUFFICIENT_STOCK"; details: Input<typeof StockShortage> };
type NotPendingError = { code: "NOT_PENDING"; details: Input<typeof NotPending> };
type NotFoundError = { code: "NOT_FOUND"; details: { orderId: string } };

/**
 * Orders in SQLite. Every write operation is one unit of work (`inTransaction`): the order
 * rows, the stock it reserves or releases, the payment it records and its outbox message
 * commit together, or none of them does.
 */
export function sqliteOrderStore(db: Database) {
  const statements = {
    order: db.prepare<[string], Omit<OrderRecord, "lines">>(
      "SELECT id, customer_id AS customerId, total_cents AS totalCents, status, payment_id AS paymentId, created_at AS createdAt FROM orders WHERE id = ?",
    ),
    lines: db.prepare<[string], OrderRecord["lines"][number]>(
      "SELECT product_id AS productId, quantity, unit_price_cents AS unitPriceCents FROM order_lines WHERE order_id = ? ORDER BY position",
    ),
    status: db.prepare<[string], { status: OrderStatus }>("SELECT status FROM orders WHERE id = ?"),
    stock: db.prepare<[string], { stock: number }>("SELECT stock FROM products WHERE id = ?"),
    // Reserves only if enough is left: the check and the write are one statement.
    reserve: db.prepare<[number, string, number]>("UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?"),
    release: db.prepare<[number, string]>("UPDATE products SET stock = stock + ? WHERE id = ?"),
    insertOrder: db.prepare<[string, string, string, number, string]>(
      "INSERT INTO orders (id, customer_id, status, total_cents, created_at) VALUES (?, ?, ?, ?, ?)",
    ),
    insertLine: db.prepare<[string, number, string, number, number]>(
      "INSERT INTO order_lines (order_id, position, product_id, quantity, unit_price_cents) VALUES (?, ?, ?, ?, ?)",
    ),
    insertPayment: db.prepare<[string, string, number, string, string]>(
      "INSERT INTO payments (id, order_id, amount_cents, charge_id, captured_at) VALUES (?, ?, ?, ?, ?)",
    ),
    markPaid: db.prepare<[string, string]>("UPDATE orders SET status = 'paid', payment_id = ? WHERE id = ?"),
    markCancelled: db.prepare<[string]>("UPDATE orders SET status = 'cancelled' WHERE id = ?"),
    appendOutbox: db.prepare<[string, string, number, string, string]>(
      "INSERT INTO outbox (id, event, version, payload, occurred_at) VALUES (?, ?, ?, ?, ?)",
    ),
  };

  const readOrder = (id: string): OrderRecord | undefined => {
    const row = statements.order.get(id);
    if (row === undefined) return undefined;
    // Keys in the schema's order, so every response lists them alike.
    const lines = statements.lines.all(id);
    return { id: row.id, customerId: row.customerId, lines, totalCents: row.totalCents, status: row.status, paymentId: row.paymentId, createdAt: row.createdAt };
  };

  const appendOutbox = (message: Input<typeof OutboxMessage>) =>
    statements.appendOutbox.run(message.id, message.event, message.version, JSON.stringify(message.payload), message.occurredAt);

  /** Rolls back with NOT_PENDING unless the order is awaiting payment; `undefined` when absent. */
  const lockPending = (orderId: string): OrderStatus | undefined => {
    const row = statements.status.get(orderId);
    if (row !== undefined && row.status !== "pending_payment") rollback<NotPendingError>({ code: "NOT_PENDING", details: { status: row.status } });
    return row?.status;
  };

  return implementPort(
    OrderStore,
    {
      get: (id) => readOrder(id) ?? null,

      place: ({ order, outbox }) =>
        inTransaction<null, Shortage>(db, () => {
          for (const line of order.lines) {
            const reserved = statements.reserve.run(line.quantity, line.productId, line.quantity);
            if (reserved.changes === 0) {
              const available = statements.stock.get(line.productId)?.stock;
              // No such product: the foreign key would refuse the line anyway; this is a bug upstream.
              if (available === undefined) throw new Error(`order line for unknown product ${line.productId}`);
              rollback<Shortage>({ code: "INSUFFICIENT_STOCK", details: { productId: line.productId, requested: line.quantity, available } });
            }
          }
          statements.insertOrder.run(order.id, order.customerId, order.status, order.totalCents, order.createdAt);
          order.lines.forEach((line, position) =>
            statements.insertLine.run(order.id, position, line.productId, line.quantity, line.unitPriceCents),
          );
          appendOutbox(outbox);
          return null;
        }),

      markPaid: ({ orderId, payment, outbox }) =>
        inTransaction<OrderRecord, NotPendingError>(db, () => {
          if (lockPending(orderId) === undefined) throw new Error(`order ${orderId} does not exist`);
          statements.insertPayment.run(payment.id, payment.orderId, payment.amountCents, payment.chargeId, payment.capturedAt);
          statements.markPaid.run(payment.id, orderId);
          appendOutbox(outbox);
          return readOrder(orderId) as OrderRecord;
        }),

      cancel: ({ orderId, outbox }) =>
        inTransaction<OrderRecord, NotPendingError | NotFoundError>(db, () => {
          if (lockPending(orderId) === undefined) rollback<NotFoundError>({ code: "NOT_FOUND", details: { orderId } });
          for (const line of statements.lines.all(orderId)) statements.release.run(line.quantity, line.productId);
          statements.markCancelled.run(orderId);
          appendOutbox(outbox);
          return readOrder(orderId) as OrderRecord;
        }),
    },
    { name: "sqlite:orders.store" },
  );
}
