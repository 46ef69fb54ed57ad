// Composition root: the application is exactly the features listed here, bound to the
// adapters given. Nothing registers itself; a feature not in this list does not exist.
import { createApplication, type Adapter, type Clock, type DefectHook, type Ids } from "agentix";
import type { Storage } from "./adapters/storage.js";
import { customers } from "./features/customers/feature.js";
import { orders } from "./features/orders/feature.js";
import type { Payments } from "./features/payments/contract.js";
import { payments } from "./features/payments/feature.js";
import { products } from "./features/products/feature.js";

export interface OrdersAdapters {
  /** SQLite for the server (`sqliteStorage`), memory for tests (`memoryStorage`). */
  readonly storage: Storage;
  /** The payment provider: `simulatedGateway()`, or a fake in tests. */
  readonly payments: Adapter<typeof Payments>;
  readonly clock: Adapter<typeof Clock>;
  readonly ids: Adapter<typeof Ids>;
}

export function createOrdersApplication(adapters: OrdersAdapters, options: { readonly onDefect?: DefectHook } = {}) {
  return createApplication({
    features: [customers, products, payments, orders],
    adapters: [
      adapters.storage.customers,
      adapters.storage.products,
      adapters.storage.orders,
      adapters.storage.payments,
      adapters.payments,
      adapters.clock,
      adapters.ids,
    ],
    ...(options.onDefect === undefined ? {} : { onDefect: options.onDefect }),
  });
}

export type OrdersApplication = ReturnType<typeof createOrdersApplication>;
