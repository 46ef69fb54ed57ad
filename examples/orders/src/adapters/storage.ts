// The storage adapters an application needs, as one typed record, so swapping SQLite for
// memory (tests) is one argument and a missing store is a compile error.
import type { Adapter } from "agentix";
import type { CustomerStore } from "../features/customers/contract.js";
import type { OrderStore } from "../features/orders/contract.js";
import type { PaymentStore } from "../features/payments/contract.js";
import type { ProductStore } from "../features/products/contract.js";

export interface Storage {
  readonly customers: Adapter<typeof CustomerStore>;
  readonly products: Adapter<typeof ProductStore>;
  readonly orders: Adapter<typeof OrderStore>;
  readonly payments: Adapter<typeof PaymentStore>;
}

