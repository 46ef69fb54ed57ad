import type { Database } from "better-sqlite3";
import { unitOfWork } from "../db/database.js";
import type { Payment } from "../payments/payment.js";
import { DomainError } from "../shared/domain-error.js";
import { outOfStockMessage, type Order, type OrderLine, type OrderStatus } from "./order.js";
import type { OutboxMessage } from "./order-events.js";

/** The order changed state under us (paid or cancelled concurrently): nothing was written. */
export interface NotPending {
  readonly kind: "not-pending";
  readonly status: OrderStatus;
}
export type MarkPaidResult = { readonly kind: "paid"; readonly order: Order } | NotPending;
export type CancelResult = { readonly kind: "cancelled"; readonly order: Order } | NotPending | { readonly kind: "not-found" };

/**
 * Orders, and the units of work that change them. Each write commits everything it is given
 * in one transaction or nothing: the order, the stock it reserves or releases, the payment it
 * records, and the outbox message reporting it.
 */
export interface OrderRepository {
  findById(id: string): Order | undefined;
  /**
   * Reserves every line's quantity, inserts the order with its lines, appends the message. The
   * stock check is repeated here, inside the transaction, so two orders racing for the last
   * units cannot both win: the loser gets OUT_OF_STOCK and nothing of it is written.
   */
  place(order: Order, message: OutboxMessage): void;
  /** Records the payment and marks the order paid, if it is still awaiting payment. */
  markPaid(payment: Payment, message: OutboxMessage): MarkPaidResult;
  /** Marks the order cancelled and gives its lines back to stock, if it is still awaiting payment. */
  cancel(orderId: string, message: OutboxMessage): CancelResult;
}

type OrderRow = Omit<Order, "lines">;

export class SqliteOrderRepository implements OrderRepository {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      order: db.prepare<[string], OrderRow>(
        "SELECT id, customer_id AS customerId, total_cents AS totalCents, status, payment_id AS paymentId, created_at AS createdAt FROM orders WHERE id = ?",
      ),
      lines: db.prepare<[string], OrderLine>(
        "SELECT product_id AS productId, quantity, unit_price_cents AS unitPriceCents FROM order_lines WHERE order_id = ? ORDER BY line_no",
      ),
      status: db.prepare<[string], { status: OrderStatus }>("SELECT status FROM orders WHERE id = ?"),
      stock: db.prepare<[string], { stock: number }>("SELECT stock FROM products WHERE id = ?"),
      // The check and the write are one statement: it reserves only what is still there.
      reserve: db.prepare<[number, string, number]>("UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?"),
      release: db.prepare<[number, string]>("UPDATE products SET stock = stock + ? WHERE id = ?"),
      insertOrder: db.prepare<[string, string, OrderStatus, number, string]>(
        "INSERT INTO orders (id, customer_id, status, total_cents, created_at) VALUES (?, ?, ?, ?, ?)",
      ),
      insertLine: db.prepare<[string, number, string, number, number]>(
        "INSERT INTO order_lines (order_id, line_no, product_id, quantity, unit_price_cents) VALUES (?, ?, ?, ?, ?)",
      ),
      insertPayment: db.prepare<[Payment]>(
        "INSERT INTO payments (id, order_id, amount_cents, charge_id, captured_at) VALUES (@id, @orderId, @amountCents, @chargeId, @capturedAt)",
      ),
      setPaid: db.prepare<[string, string]>("UPDATE orders SET status = 'paid', payment_id = ? WHERE id = ?"),
      setCancelled: db.prepare<[string]>("UPDATE orders SET status = 'cancelled' WHERE id = ?"),
      append: db.prepare<[string, string, number, string, string]>(
        "INSERT INTO outbox (id, event, version, payload, occurred_at) VALUES (?, ?, ?, ?, ?)",
      ),
    };
  }

  findById(id: string): Order | undefined {
    const row = this.statements.order.get(id);
    if (row === undefined) return undefined;
    const { customerId, totalCents, status, paymentId, createdAt } = row;
    return { id, customerId, lines: this.statements.lines.all(id), totalCents, status, paymentId, createdAt };
  }

  place(order: Order, message: OutboxMessage): void {
    unitOfWork(this.db, () => {
      for (const line of order.lines) {
        if (this.statements.reserve.run(line.quantity, line.productId, line.quantity).changes === 0) {
          const available = this.statements.stock.get(line.productId)?.stock;
          if (available === undefined) throw new Error(`order line for unknown product ${line.productId}`);
          const shortage = { productId: line.productId, requested: line.quantity, available };
          throw new DomainError("OUT_OF_STOCK", outOfStockMessage(shortage), shortage);
        }
      }
      this.statements.insertOrder.run(order.id, order.customerId, order.status, order.totalCents, order.createdAt);
      order.lines.forEach((line, index) => this.statements.insertLine.run(order.id, index, line.productId, line.quantity, line.unitPriceCents));
      this.append(message);
    });
  }

  markPaid(payment: Payment, message: OutboxMessage): MarkPaidResult {
    return unitOfWork(this.db, (): MarkPaidResult => {
      const status = this.statements.status.get(payment.orderId)?.status;
      if (status === undefined) throw new Error(`order ${payment.orderId} does not exist`);
      if (status !== "pending_payment") return { kind: "not-pending", status };
      this.statements.insertPayment.run(payment);
      this.statements.setPaid.run(payment.id, payment.orderId);
      this.append(message);
      return { kind: "paid", order: this.stored(payment.orderId) };
    });
  }

  cancel(orderId: string, message: OutboxMessage): CancelResult {
    return unitOfWork(this.db, (): CancelResult => {
      const status = this.statements.status.get(orderId)?.status;
      if (status === undefined) return { kind: "not-found" };
      if (status !== "pending_payment") return { kind: "not-pending", status };
      for (const line of this.statements.lines.all(orderId)) this.statements.release.run(line.quantity, line.productId);
      this.statements.setCancelled.run(orderId);
      this.append(message);
      return { kind: "cancelled", order: this.stored(orderId) };
    });
  }

  /** An order this transaction has just written. */
  private stored(orderId: string): Order {
    const order = this.findById(orderId);
    if (order === undefined) throw new Error(`order ${orderId} vanished inside its own transaction`);
    return order;
  }

  private append(message: OutboxMessage): void {
    this.statements.append.run(message.id, message.event, message.version, JSON.stringify(message.payload), message.occurredAt);
  }
}
