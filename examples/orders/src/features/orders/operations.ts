import { assertInvariant, Clock, defineCommand, defineQuery, Ids, s } from "agentix";
import { CustomerId, CustomerStore } from "../customers/contract.js";
import { CardToken, DeclineReason, Payments } from "../payments/contract.js";
import { ProductId, ProductStore } from "../products/contract.js";
import { Order, OrderCancelled, OrderCreated, OrderId, OrderPaid, OrderStore, OrderStatus, Quantity, StockShortage } from "./contract.js";
import { paidOrderHasPayment } from "./invariants.js";
import {
  customerMayOrder,
  declineMessage,
  findShortage,
  isPending,
  mergeLines,
  newOrder,
  notPendingMessage,
  outboxMessage,
  outOfStockMessage,
  priceLines,
  type ProductOnHand,
} from "./model.js";

const OrderNotFound = s.object({ orderId: s.string() });
const OrderNotPending = s.object({ orderId: s.string(), status: OrderStatus });

/**
 * Places an order: the customer must be active and every product must have the stock. The
 * order, its stock reservation and its `orders.created` outbox message commit together.
 * Payment is a separate step (`orders.pay`), so no card is charged for an order we could not
 * record.
 */
export const createOrder = defineCommand({
  id: "orders.create",
  description: "Places an order for an active customer, reserving its stock; it then awaits payment.",
  input: s.object({
    customerId: CustomerId,
    lines: s.array(s.object({ productId: ProductId, quantity: Quantity }), { minItems: 1, maxItems: 50 }),
  }),
  output: Order,
  errors: {
    CUSTOMER_NOT_FOUND: s.object({ customerId: s.string() }),
    CUSTOMER_SUSPENDED: s.object({ customerId: s.string() }),
    PRODUCT_NOT_FOUND: s.object({ productId: s.string() }),
    OUT_OF_STOCK: StockShortage,
  },
  permissions: ["orders:write"],
  effects: {
    getCustomer: CustomerStore.get,
    getProduct: ProductStore.get,
    nextId: Ids.next,
    now: Clock.now,
    place: OrderStore.place,
  },
  emits: { created: OrderCreated },
  invariants: [paidOrderHasPayment],
  async execute({ input, effects, emit, fail }) {
    const customer = await effects.getCustomer(input.customerId);
    if (customer === null) {
      return fail("CUSTOMER_NOT_FOUND", { customerId: input.customerId }, `There is no customer ${input.customerId}.`);
    }
    if (!customerMayOrder(customer)) {
      return fail("CUSTOMER_SUSPENDED", { customerId: customer.id }, `Customer ${customer.id} is suspended and may not place orders.`);
    }

    const lines = mergeLines(input.lines);
    const products = new Map<string, ProductOnHand>();
    for (const line of lines) {
      const product = await effects.getProduct(line.productId);
      if (product === null) {
        return fail("PRODUCT_NOT_FOUND", { productId: line.productId }, `There is no product ${line.productId}.`);
      }
      products.set(product.id, product);
    }
    const shortage = findShortage(lines, products);
    if (shortage !== undefined) return fail("OUT_OF_STOCK", shortage, outOfStockMessage(shortage));

    const order = newOrder({
      id: `ord_${await effects.nextId()}`,
      customerId: customer.id,
      lines: priceLines(lines, products),
      createdAt: await effects.now(),
    });
    const created = { orderId: order.id, customerId: order.customerId, lines: order.lines, totalCents: order.totalCents };
    const placed = await effects.place({ order, outbox: outboxMessage(OrderCreated, order.id, created, order.createdAt) });
    // The store checks stock again inside its transaction: another order took the units since
    // we read them. Nothing was written.
    if (!placed.ok) return fail("OUT_OF_STOCK", placed.error.details, outOfStockMessage(placed.error.details));

    assertInvariant(paidOrderHasPayment, { order, payment: null });
    emit.created(created);
    return order;
  },
});

/**
 * Pays a pending order by card. A decline changes nothing: the order stays pending with its
 * stock reserved, so the customer can pay with another card or cancel. An approval records the
 * payment, marks the order paid and appends `orders.paid`, all in one unit of work.
 *
 * The charge cannot be in our transaction (the provider is another system), so the order is
 * checked first and re-checked by the store; if it was cancelled while the card was charged,
 * the charge is refunded. The provider's idempotency key is the order id, so a retry after a
 * crash, or a concurrent second payment, reuses the first charge instead of charging twice.
 */
export const payOrder = defineCommand({
  id: "orders.pay",
  description: "Charges the card for a pending order and records the payment; a decline leaves the order pending.",
  input: s.object({ orderId: OrderId, cardToken: CardToken }),
  output: Order,
  errors: {
    NOT_FOUND: OrderNotFound,
    ORDER_NOT_PENDING: OrderNotPending,
    PAYMENT_DECLINED: s.object({ orderId: s.string(), reason: DeclineReason }),
  },
  permissions: ["orders:pay"],
  effects: {
    getOrder: OrderStore.get,
    charge: Payments.charge,
    refund: Payments.refund,
    nextId: Ids.next,
    now: Clock.now,
    markPaid: OrderStore.markPaid,
  },
  emits: { paid: OrderPaid },
  invariants: [paidOrderHasPayment],
  async execute({ input, effects, emit, fail }) {
    const order = await effects.getOrder(input.orderId);
    if (order === null) return fail("NOT_FOUND", { orderId: input.orderId }, `There is no order ${input.orderId}.`);
    if (!isPending(order)) return fail("ORDER_NOT_PENDING", { orderId: order.id, status: order.status }, notPendingMessage(order.id, order.status));

    const charged = await effects.charge({ idempotencyKey: order.id, amountCents: order.totalCents, cardToken: input.cardToken });
    if (!charged.ok) {
      const { reason } = charged.error.details;
      return fail("PAYMENT_DECLINED", { orderId: order.id, reason }, declineMessage(reason));
    }

    const payment = {
      id: `pay_${await effects.nextId()}`,
      orderId: order.id,
      amountCents: order.totalCents,
      chargeId: charged.value.chargeId,
      capturedAt: await effects.now(),
    };
    const paid = { orderId: order.id, paymentId: payment.id, amountCents: payment.amountCents };
    const marked = await effects.markPaid({ orderId: order.id, payment, outbox: outboxMessage(OrderPaid, order.id, paid, payment.capturedAt) });
    if (!marked.ok) {
      const { status } = marked.error.details;
      // Cancelled meanwhile: give the money back. Paid meanwhile: by the same charge (same
      // idempotency key), so there is nothing to give back.
      if (status === "cancelled") await effects.refund({ chargeId: payment.chargeId });
      return fail("ORDER_NOT_PENDING", { orderId: order.id, status }, notPendingMessage(order.id, status));
    }

    assertInvariant(paidOrderHasPayment, { order: marked.value, payment });
    emit.paid(paid);
    return marked.value;
  },
});

/** Cancels a pending order and releases its stock; paid orders are not cancelled here. */
export const cancelOrder = defineCommand({
  id: "orders.cancel",
  description: "Cancels an order awaiting payment and gives its stock back.",
  input: s.object({ orderId: OrderId }),
  output: Order,
  errors: { NOT_FOUND: OrderNotFound, ORDER_NOT_PENDING: OrderNotPending },
  permissions: ["orders:write"],
  effects: { now: Clock.now, cancel: OrderStore.cancel },
  emits: { cancelled: OrderCancelled },
  invariants: [paidOrderHasPayment],
  async execute({ input, effects, emit, fail }) {
    const cancelled = { orderId: input.orderId };
    const at = await effects.now();
    // The store checks the status inside its transaction; reading it first would race.
    const result = await effects.cancel({ orderId: input.orderId, outbox: outboxMessage(OrderCancelled, input.orderId, cancelled, at) });
    if (!result.ok) {
      if (result.error.code === "NOT_FOUND") return fail("NOT_FOUND", { orderId: input.orderId }, `There is no order ${input.orderId}.`);
      const { status } = result.error.details;
      return fail("ORDER_NOT_PENDING", { orderId: input.orderId, status }, notPendingMessage(input.orderId, status));
    }
    assertInvariant(paidOrderHasPayment, { order: result.value, payment: null });
    emit.cancelled(cancelled);
    return result.value;
  },
});

export const getOrder = defineQuery({
  id: "orders.get",
  description: "One order by id.",
  input: s.object({ orderId: OrderId }),
  output: Order,
  errors: { NOT_FOUND: OrderNotFound },
  permissions: ["orders:read"],
  effects: { get: OrderStore.get },
  async execute({ input, effects, fail }) {
    const order = await effects.get(input.orderId);
    return order ?? fail("NOT_FOUND", { orderId: input.orderId }, `There is no order ${input.orderId}.`);
  },
});
