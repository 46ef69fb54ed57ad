// Orders and the pure rules of ordering: no database, no time, no ids (the service passes
// them in). Everything here is deterministic and tested directly in test/order.test.ts.
import { z } from "zod";
import type { Payment } from "../payments/payment.js";
import type { DeclineReason } from "../payments/payment-gateway.js";

/** `ord_` followed by an id from the id generator. */
export const OrderId = z.string().max(64).regex(/^ord_[A-Za-z0-9-]+$/);

/** How many units one requested line may ask for. */
export const Quantity = z.int().min(1).max(1_000);

/**
 * `pending_payment`: placed, stock reserved, not paid yet (a declined card leaves it here).
 * `paid`: a payment for the full total is recorded. `cancelled`: its stock was released.
 */
export type OrderStatus = "pending_payment" | "paid" | "cancelled";

export interface RequestedLine {
  readonly productId: string;
  readonly quantity: number;
}

/** One product of an order at the price it had when the order was placed. */
export interface OrderLine {
  readonly productId: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

export interface Order {
  readonly id: string;
  readonly customerId: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  readonly status: OrderStatus;
  /** Set exactly when the order is paid (see `assertPaidOrderHasPayment`). */
  readonly paymentId: string | null;
  readonly createdAt: string;
}

/** A product had fewer units than the order asked for. */
export interface StockShortage {
  readonly productId: string;
  readonly requested: number;
  readonly available: number;
}

/** What ordering needs to know of a product. */
export interface ProductOnHand {
  readonly id: string;
  readonly priceCents: number;
  readonly stock: number;
}

/** One line per product, quantities added, in the order the products first appear. */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The first line its product cannot cover, or `undefined` when every line can be reserved. */
export function findShortage(lines: readonly RequestedLine[], products: ReadonlyMap<string, ProductOnHand>): StockShortage | undefined {
  for (const line of lines) {
    const available = products.get(line.productId)?.stock ?? 0;
    if (available < line.quantity) return { productId: line.productId, requested: line.quantity, available };
  }
  return undefined;
}

/** A new order awaiting payment, its lines at today's prices. */
export function newOrder(fields: {
  readonly id: string;
  readonly customerId: string;
  readonly lines: readonly RequestedLine[];
  readonly products: ReadonlyMap<string, ProductOnHand>;
  readonly createdAt: string;
}): Order {
  const lines = fields.lines.map((line) => {
    const product = fields.products.get(line.productId);
    if (product === undefined) throw new Error(`newOrder: no product ${line.productId}`);
    return { productId: line.productId, quantity: line.quantity, unitPriceCents: product.priceCents };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  return { id: fields.id, customerId: fields.customerId, lines, totalCents, status: "pending_payment", paymentId: null, createdAt: fields.createdAt };
}

export function isPending(order: { readonly status: OrderStatus }): boolean {
  return order.status === "pending_payment";
}

/**
 * The invariant across orders and payments: an order is paid exactly when a payment for its
 * full total is recorded against it. The service checks it after every change it commits; a
 * violation is a bug (answered 500), never a client error.
 */
export function assertPaidOrderHasPayment(order: Order, payment: Payment | null): void {
  const holds =
    order.status === "paid"
      ? payment !== null && order.paymentId === payment.id && payment.orderId === order.id && payment.amountCents === order.totalCents
      : payment === null && order.paymentId === null;
  if (!holds) throw new Error(`invariant violated: order ${order.id} is ${order.status} but its payment record disagrees`);
}

export function outOfStockMessage(shortage: StockShortage): string {
  return `Product ${shortage.productId} has ${String(shortage.available)} in stock; the order asks for ${String(shortage.requested)}.`;
}

export function notPendingMessage(orderId: string, status: OrderStatus): string {
  return `Order ${orderId} is ${status.replace("_", " ")}, not awaiting payment.`;
}

const declineMessages: Readonly<Record<DeclineReason, string>> = {
  card_declined: "The card was declined.",
  insufficient_funds: "The card has insufficient funds.",
  limit_exceeded: "The amount exceeds the card's limit.",
};

export function declineMessage(reason: DeclineReason): string {
  return `${declineMessages[reason]} The order is still awaiting payment.`;
}
