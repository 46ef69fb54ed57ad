// Pure rules of ordering: no effects, no time, no ids (operations pass them in). Everything
// here is deterministic and tested directly in model.test.ts.
import type { EventDescriptor } from "agentix";
import type { DeclineReason } from "../payments/contract.js";
import type { OrderStatus } from "./contract.js";

export interface RequestedLine {
  readonly productId: string;
  readonly quantity: number;
}

export interface PricedLine {
  readonly productId: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

/** What ordering needs to know of a product. */
export interface ProductOnHand {
  readonly id: string;
  readonly priceCents: number;
  readonly stock: number;
}

export interface NewOrder {
  id: string;
  customerId: string;
  lines: PricedLine[];
  totalCents: number;
  status: OrderStatus;
  paymentId: string | null;
  createdAt: string;
}

/** Ordering policy: suspended customers may not place orders. */
export function customerMayOrder(customer: { readonly status: "active" | "suspended" }): boolean {
  return customer.status === "active";
}

/** One line per product, quantities added, in the order products first appear. */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The first line its product cannot cover, or `undefined` when all can be reserved. */
export function findShortage(
  lines: readonly RequestedLine[],
  products: ReadonlyMap<string, ProductOnHand>,
): { productId: string; requested: number; available: number } | undefined {
  for (const line of lines) {
    const available = products.get(line.productId)?.stock ?? 0;
    if (available < line.quantity) return { productId: line.productId, requested: line.quantity, available };
  }
  return undefined;
}

/** Lines at today's prices: an order keeps the price it was placed at. */
export function priceLines(lines: readonly RequestedLine[], products: ReadonlyMap<string, ProductOnHand>): PricedLine[] {
  return lines.map((line) => {
    const product = products.get(line.productId);
    if (product === undefined) throw new Error(`priceLines: no product ${line.productId}`);
    return { productId: line.productId, quantity: line.quantity, unitPriceCents: product.priceCents };
  });
}

export function totalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}

/** A placed order awaits payment and has none yet. */
export function newOrder(fields: { id: string; customerId: string; lines: PricedLine[]; createdAt: string }): NewOrder {
  // Keys in the schema's order, so every response lists them alike.
  const { id, customerId, lines, createdAt } = fields;
  return { id, customerId, lines, totalCents: totalOf(lines), status: "pending_payment", paymentId: null, createdAt };
}

/** Only an order awaiting payment can be paid or cancelled. */
export function isPending(order: { readonly status: OrderStatus }): boolean {
  return order.status === "pending_payment";
}

/** The outbox record of an event about an order; its id makes it unique per order and event. */
export function outboxMessage<P>(
  event: Pick<EventDescriptor, "id" | "version">,
  orderId: string,
  payload: P,
  occurredAt: string,
): { id: string; event: string; version: number; payload: P; occurredAt: string } {
  return { id: `${event.id}:${orderId}`, event: event.id, version: event.version, payload, occurredAt };
}

export function outOfStockMessage(shortage: { readonly productId: string; readonly requested: number; readonly available: number }): string {
  return `Product ${shortage.productId} has ${shortage.available} in stock; the order asks for ${shortage.requested}.`;
}

export function notPendingMessage(orderId: string, status: OrderStatus): string {
  return `Order ${orderId} is ${status.replace("_", " ")}, not awaiting payment.`;
}

const declineMessages: Readonly<Record<DeclineReason, string>> = {
  card_declined: "The card was declined.",
  insufficient_funds: "The card has insufficient funds.",
  limit_exceeded: "The amount exceeds the card's limit.",
};

/** What a client is told when the provider declines. */
export function declineMessage(reason: DeclineReason): string {
  return `${declineMessages[reason]} The order is still awaiting payment.`;
}
