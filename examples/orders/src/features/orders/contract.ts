// The orders feature's public surface: the only file of this folder other features import.
import { defineContract, defineEvent, definePort, portOperation, s, type Infer } from "agentix";
import { CustomerId } from "../customers/contract.js";
import { PaymentId, Payment } from "../payments/contract.js";
import { ProductId } from "../products/contract.js";

/** `ord_` followed by an id from the `Ids` port. */
export const OrderId = s.brand("OrderId", s.string({ pattern: "^ord_[A-Za-z0-9-]+$", maxLength: 64 }));
export type OrderId = Infer<typeof OrderId>;

/** Number.MAX_SAFE_INTEGER: every integer here stays within what SQLite and JavaScript both hold exactly. */
const MAX_SAFE_INTEGER = 9_007_199_254_740_991;

/**
 * `pending_payment`: placed, stock reserved, not paid yet (a declined card leaves it here).
 * `paid`: a payment for the full total is recorded. `cancelled`: its stock was released.
 */
export const OrderStatus = s.enum(["pending_payment", "paid", "cancelled"]);
export type OrderStatus = Infer<typeof OrderStatus>;

/** How many units one requested line may ask for. */
export const Quantity = s.integer({ minimum: 1, maximum: 1_000 });

/**
 * One product of an order, at the price it had when the order was placed. Requested lines of
 * the same product are merged into one, so its quantity may exceed one request line's limit.
 */
export const OrderLine = s.object({
  productId: ProductId,
  quantity: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }),
  unitPriceCents: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }),
});

export const Order = s.object({
  id: OrderId,
  customerId: CustomerId,
  lines: s.array(OrderLine, { minItems: 1, maxItems: 50 }),
  totalCents: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }),
  status: OrderStatus,
  /** Set exactly when the order is paid (invariant `orders.paid-order-has-payment`). */
  paymentId: s.union([PaymentId, s.literal(null)]),
  createdAt: s.string({ format: "date-time" }),
});
export type Order = Infer<typeof Order>;

export const OrderCreated = defineEvent({
  id: "orders.created",
  version: 1,
  description: "An order was placed and its stock reserved; it awaits payment.",
  payload: s.object({ orderId: OrderId, customerId: CustomerId, lines: s.array(OrderLine), totalCents: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }) }),
});

export const OrderPaid = defineEvent({
  id: "orders.paid",
  version: 1,
  description: "An order's payment was captured and recorded.",
  payload: s.object({ orderId: OrderId, paymentId: PaymentId, amountCents: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }) }),
});

export const OrderCancelled = defineEvent({
  id: "orders.cancelled",
  version: 1,
  description: "An unpaid order was cancelled and its stock released.",
  payload: s.object({ orderId: OrderId }),
});

/**
 * An event recorded in the outbox, in the same transaction as the change it reports, so the
 * two are never out of step. A relay (not part of this example) publishes from the outbox.
 * `id` is `<event>:<order id>`: an event is recorded at most once per order.
 */
export const OutboxMessage = s.object({
  id: s.string({ minLength: 1 }),
  event: s.string({ minLength: 1 }),
  version: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }),
  payload: s.unknown(),
  occurredAt: s.string({ format: "date-time" }),
});
export type OutboxMessage = Infer<typeof OutboxMessage>;

/** A product had fewer units than an order asked for. */
export const StockShortage = s.object({ productId: ProductId, requested: s.integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }), available: s.integer({ minimum: 0, maximum: MAX_SAFE_INTEGER }) });

/** The order changed state under us (paid or cancelled concurrently). */
export const NotPending = s.object({ status: OrderStatus });

/**
 * Orders, and the units of work that change them. Each write operation commits everything it
 * is given in one transaction, or nothing: the order, the stock it reserves or releases, the
 * payment it records, and the outbox message that reports it.
 */
export const OrderStore = definePort({
  id: "orders.store",
  description: "Orders and their units of work (order + stock + payment + outbox, all or nothing).",
  operations: {
    get: portOperation({ id: "orders.store.get", kind: "read", input: OrderId, output: s.union([Order, s.literal(null)]) }),
    /**
     * Reserves every line's quantity from its product's stock, inserts the order and appends
     * the outbox message. The stock check is repeated inside the transaction, so a concurrent
     * order cannot take the same units: the loser gets INSUFFICIENT_STOCK and nothing is written.
     */
    place: portOperation({
      id: "orders.store.place",
      kind: "write",
      input: s.object({ order: Order, outbox: OutboxMessage }),
      output: s.literal(null),
      errors: { INSUFFICIENT_STOCK: StockShortage },
    }),
    /** Records the payment, marks the pending order paid and appends the outbox message. */
    markPaid: portOperation({
      id: "orders.store.mark-paid",
      kind: "write",
      input: s.object({ orderId: OrderId, payment: Payment, outbox: OutboxMessage }),
      output: Order,
      errors: { NOT_PENDING: NotPending },
    }),
    /** Marks the pending order cancelled, gives its lines back to stock, appends the outbox message. */
    cancel: portOperation({
      id: "orders.store.cancel",
      kind: "write",
      input: s.object({ orderId: OrderId, outbox: OutboxMessage }),
      output: Order,
      errors: { NOT_FOUND: s.object({ orderId: s.string() }), NOT_PENDING: NotPending },
    }),
  },
});

export const ordersContract = defineContract({
  id: "orders",
  description: "Placing, paying and cancelling orders.",
  schemas: { OrderId, OrderStatus, Quantity, OrderLine, Order, OutboxMessage, StockShortage, NotPending },
  ports: [OrderStore],
  events: [OrderCreated, OrderPaid, OrderCancelled],
});
