// SQLite storage (better-sqlite3): every store over one connection, for the server.
import type { Database } from "better-sqlite3";
import type { Storage } from "../storage.js";
import { sqliteCustomerStore } from "./customer-store.js";
import { sqliteOrderStore } from "./order-store.js";
import { sqlitePaymentStore } from "./payment-store.js";
import { sqliteProductStore } from "./product-store.js";

export { DatabaseUnavailable, openDatabase } from "./database.js";
export { migrate, migrations } from "./migrations.js";

export function sqliteStorage(db: Database): Storage {
  return {
    customers: sqliteCustomerStore(db),
    products: sqliteProductStore(db),
    orders: sqliteOrderStore(db),
    payments: sqlitePaymentStore(db),
  };
}
