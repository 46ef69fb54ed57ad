import type { CustomerRepository } from "../customers/customer-repository.js";
import type { Payment } from "../payments/payment.js";
import type { PaymentGateway } from "../payments/payment-gateway.js";
import type { ProductRepository } from "../products/product-repository.js";
import type { Clock } from "../shared/clock.js";
import { DomainError } from "../shared/domain-error.js";
import type { IdGenerator } from "../shared/ids.js";
import {
  assertPaidOrderHasPayment,
  declineMessage,
  findShortage,
  isPending,
  mergeLines,
  newOrder,
  notPendingMessage,
  outOfStockMessage,
  type Order,
  type OrderStatus,
  type ProductOnHand,
  type RequestedLine,
} from "./order.js";
import { orderCancelled, orderCreated, orderPaid } from "./order-events.js";
import type { OrderRepository } from "./order-repository.js";

export interface OrderServiceDependencies {
  readonly orders: OrderRepository;
  readonly customers: CustomerRepository;
  readonly products: ProductRepository;
  readonly payments: PaymentGateway;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export class OrderService {
  constructor(private readonly deps: OrderServiceDependencies) {}

  /**
   * Places an order for an active customer, reserving its stock; it then awaits payment. The
   * order, its reservation and its `orders.created` message commit together. Paying is a
   * separate step, so no card is charged for an order we could not record.
   */
  create(request: { readonly customerId: string; readonly lines: readonly RequestedLine[] }): Order {
    const customer = this.deps.customers.findById(request.customerId);
    if (customer === undefined) {
      throw new DomainError("CUSTOMER_NOT_FOUND", `There is no customer ${request.customerId}.`, { customerId: request.customerId });
    }
    if (customer.status !== "active") {
      throw new DomainError("CUSTOMER_SUSPENDED", `Customer ${customer.id} is suspended and may not place orders.`, { customerId: customer.id });
    }

    const lines = mergeLines(request.lines);
    const products = new Map<string, ProductOnHand>();
    for (const line of lines) {
      const product = this.deps.products.findById(line.productId);
      if (product === undefined) throw new DomainError("PRODUCT_NOT_FOUND", `There is no product ${line.productId}.`, { productId: line.productId });
      products.set(product.id, product);
    }
    const shortage = findShortage(lines, products);
    if (shortage !== undefined) throw new DomainError("OUT_OF_STOCK", outOfStockMessage(shortage), shortage);

    const order = newOrder({ id: `ord_${this.deps.ids.next()}`, customerId: customer.id, lines, products, createdAt: this.deps.clock.now() });
    this.deps.orders.place(order, orderCreated(order));
    assertPaidOrderHasPayment(order, null);
    return order;
  }

  /**
   * Charges the card for a pending order and records the payment; a decline changes nothing,
   * so the customer can try another card or cancel. The provider is not in our transaction:
   * if the order was cancelled while the card was charged, the charge is refunded; if it was
   * paid meanwhile, it was paid by this same charge (the idempotency key is the order id).
   */
  async pay(orderId: string, cardToken: string): Promise<Order> {
    const order = this.get(orderId);
    if (!isPending(order)) throw notPending(order.id, order.status);

    const charge = await this.deps.payments.charge({ idempotencyKey: order.id, amountCents: order.totalCents, cardToken });
    if (!charge.approved) {
      throw new DomainError("PAYMENT_DECLINED", declineMessage(charge.reason), { orderId: order.id, reason: charge.reason });
    }

    const payment: Payment = {
      id: `pay_${this.deps.ids.next()}`,
      orderId: order.id,
      amountCents: order.totalCents,
      chargeId: charge.chargeId,
      capturedAt: this.deps.clock.now(),
    };
    const result = this.deps.orders.markPaid(payment, orderPaid(payment));
    if (result.kind === "not-pending") {
      if (result.status === "cancelled") await this.deps.payments.refund(payment.chargeId);
      throw notPending(order.id, result.status);
    }
    assertPaidOrderHasPayment(result.order, payment);
    return result.order;
  }

  /** Cancels an order awaiting payment and gives its stock back. */
  cancel(orderId: string): Order {
    // The repository checks the status inside its transaction; reading it first would race.
    const result = this.deps.orders.cancel(orderId, orderCancelled(orderId, this.deps.clock.now()));
    if (result.kind === "not-found") throw orderNotFound(orderId);
    if (result.kind === "not-pending") throw notPending(orderId, result.status);
    assertPaidOrderHasPayment(result.order, null);
    return result.order;
  }

  get(orderId: string): Order {
    const order = this.deps.orders.findById(orderId);
    if (order === undefined) throw orderNotFound(orderId);
    return order;
  }
}

function orderNotFound(orderId: string): DomainError {
  return new DomainError("NOT_FOUND", `There is no order ${orderId}.`, { orderId });
}

function notPending(orderId: string, status: OrderStatus): DomainError {
  return new DomainError("ORDER_NOT_PENDING", notPendingMessage(orderId, status), { orderId, status });
}
