// In-memory storage: every store over one MemoryDatabase, for tests and experiments.
import type { Storage } from "../storage.js";
import { memoryCustomerStore } from "./customer-store.js";
import { MemoryDatabase } from "./database.js";
import { memoryOrderStore } from "./order-store.js";
import { memoryPaymentStore } from "./payment-store.js";
import { memoryProductStore } from "./product-store.js";

export { MemoryDatabase } from "./database.js";
export type { MemoryTables } from "./database.js";

export function memoryStorage(db: MemoryDatabase = new MemoryDatabase()): Storage {
  return {
    customers: memoryCustomerStore(db),
    products: memoryProductStore(db),
    orders: memoryOrderStore(db),
    payments: memoryPaymentStore(db),
  };
}
