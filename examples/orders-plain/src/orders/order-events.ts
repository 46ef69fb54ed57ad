// The events about orders, recorded in the outbox in the same transaction as the change they
// report (transactional outbox), so an event exists exactly when its change does. A relay
// (not part of this app) publishes them.
import type { Order, OrderLine } from "./order.js";

export interface OutboxMessage<Payload = unknown> {
  /** `<event>:<order id>`: each event is recorded at most once per order. */
  readonly id: string;
  readonly event: string;
  readonly version: number;
  readonly payload: Payload;
  readonly occurredAt: string;
}

export interface OrderCreated {
  readonly orderId: string;
  readonly customerId: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
}

export interface OrderPaid {
  readonly orderId: string;
  readonly paymentId: string;
  readonly amountCents: number;
}

export interface OrderCancelled {
  readonly orderId: string;
}

function message<Payload>(event: string, orderId: string, payload: Payload, occurredAt: string): OutboxMessage<Payload> {
  return { id: `${event}:${orderId}`, event, version: 1, payload, occurredAt };
}

/** An order was placed and its stock reserved; it awaits payment. */
export function orderCreated(order: Order): OutboxMessage<OrderCreated> {
  const payload = { orderId: order.id, customerId: order.customerId, lines: order.lines, totalCents: order.totalCents };
  return message("orders.created", order.id, payload, order.createdAt);
}

/** An order's payment was captured and recorded. */
export function orderPaid(payment: { readonly id: string; readonly orderId: string; readonly amountCents: number; readonly capturedAt: string }): OutboxMessage<OrderPaid> {
  const payload = { orderId: payment.orderId, paymentId: payment.id, amountCents: payment.amountCents };
  return message("orders.paid", payment.orderId, payload, payment.capturedAt);
}

/** An unpaid order was cancelled and its stock released. */
export function orderCancelled(orderId: string, occurredAt: string): OutboxMessage<OrderCancelled> {
  return message("orders.cancelled", orderId, { orderId }, occurredAt);
}
