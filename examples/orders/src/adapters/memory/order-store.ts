import { implementPort, type Input } from "agentix";
import { OrderStore, type NotPending, type Order, type StockShortage } from "../../features/orders/contract.js";
import { rollback } from "../unit-of-work.js";
import type { MemoryDatabase, MemoryTables } from "./database.js";

type Shortage = { code: "INSUFFICIENT_STOCK"; details: Input<typeof StockShortage> };
type NotPendingError = { code: "NOT_PENDING"; details: Input<typeof NotPending> };
type NotFoundError = { code: "NOT_FOUND"; details: { orderId: string } };

/** The order as the caller may see it, or a NOT_PENDING rollback when it is no longer pending. */
function pendingOrder(tables: MemoryTables, orderId: string): Input<typeof Order> | undefined {
  const order = tables.orders.get(orderId);
  if (order !== undefined && order.status !== "pending_payment") rollback<NotPendingError>({ code: "NOT_PENDING", details: { status: order.status } });
  return order;
}

function productRow(tables: MemoryTables, productId: string) {
  const product = tables.products.get(productId);
  // SQLite refuses this with its foreign key; an order for a product that does not exist is a bug.
  if (product === undefined) throw new Error(`order line for unknown product ${productId}`);
  return product;
}

/** Each operation is one transaction: all of its writes, or none of them. */
export function memoryOrderStore(db: MemoryDatabase) {
  return implementPort(
    OrderStore,
    {
      get: (id) => db.read((tables) => tables.orders.get(id) ?? null),

      place: ({ order, outbox }) =>
        db.transaction<null, Shortage>((tables) => {
          for (const line of order.lines) {
            const product = productRow(tables, line.productId);
            if (product.stock < line.quantity) {
              rollback<Shortage>({ code: "INSUFFICIENT_STOCK", details: { productId: line.productId, requested: line.quantity, available: product.stock } });
            }
            tables.products.set(product.id, { ...product, stock: product.stock - line.quantity });
          }
          if (tables.orders.has(order.id)) throw new Error(`order ${order.id} already exists`);
          tables.orders.set(order.id, order);
          appendOutbox(tables, outbox);
          return null;
        }),

      markPaid: ({ orderId, payment, outbox }) =>
        db.transaction<Input<typeof Order>, NotPendingError>((tables) => {
          const order = pendingOrder(tables, orderId);
          if (order === undefined) throw new Error(`order ${orderId} does not exist`);
          tables.payments.set(payment.id, payment);
          const paid = { ...order, status: "paid" as const, paymentId: payment.id };
          tables.orders.set(orderId, paid);
          appendOutbox(tables, outbox);
          return paid;
        }),

      cancel: ({ orderId, outbox }) =>
        db.transaction<Input<typeof Order>, NotPendingError | NotFoundError>((tables) => {
          const order = pendingOrder(tables, orderId);
          if (order === undefined) rollback<NotFoundError>({ code: "NOT_FOUND", details: { orderId } });
          for (const line of order.lines) {
            const product = productRow(tables, line.productId);
            tables.products.set(product.id, { ...product, stock: product.stock + line.quantity });
          }
          const cancelled = { ...order, status: "cancelled" as const };
          tables.orders.set(orderId, cancelled);
          appendOutbox(tables, outbox);
          return cancelled;
        }),
    },
    { name: "memory:orders.store" },
  );
}

/** Like the SQLite outbox's UNIQUE id: an event is recorded at most once per order. */
function appendOutbox(tables: MemoryTables, message: MemoryTables["outbox"][number]): void {
  if (tables.outbox.some((existing) => existing.id === message.id)) throw new Error(`outbox message ${message.id} already recorded`);
  tables.outbox.push(message);
}
