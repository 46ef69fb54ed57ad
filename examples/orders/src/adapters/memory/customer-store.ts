import { implementPort } from "agentix";
import { CustomerStore } from "../../features/customers/contract.js";
import { rollback } from "../unit-of-work.js";
import type { MemoryDatabase } from "./database.js";

export function memoryCustomerStore(db: MemoryDatabase) {
  return implementPort(
    CustomerStore,
    {
      get: (id) => db.read((tables) => tables.customers.get(id) ?? null),
      insert: (customer) =>
        db.transaction<null, { code: "EMAIL_TAKEN"; details: { email: string } }>((tables) => {
          // The same rule as the SQLite UNIQUE constraint on customers.email.
          for (const existing of tables.customers.values()) {
            if (existing.email === customer.email) rollback({ code: "EMAIL_TAKEN", details: { email: customer.email } });
          }
          tables.customers.set(customer.id, customer);
          return null;
        }),
      setStatus: ({ id, status }) => {
        const result = db.transaction((tables) => {
          const customer = tables.customers.get(id);
          if (customer === undefined) return null;
          const updated = { ...customer, status };
          tables.customers.set(id, updated);
          return updated;
        });
        return result.ok ? result.value : null;
      },
    },
    { name: "memory:customers.store" },
  );
}
