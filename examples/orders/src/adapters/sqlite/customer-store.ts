import { implementPort, type Input } from "agentix";
import type { Database } from "better-sqlite3";
import { CustomerStore, type Customer } from "../../features/customers/contract.js";
import { isUniqueViolation } from "./constraint.js";
import { inTransaction } from "./transaction.js";

type CustomerRow = Input<typeof Customer>;

export function sqliteCustomerStore(db: Database) {
  const select = db.prepare<[string], CustomerRow>("SELECT id, name, email, status FROM customers WHERE id = ?");
  const insert = db.prepare<[CustomerRow]>("INSERT INTO customers (id, name, email, status) VALUES (@id, @name, @email, @status)");
  const updateStatus = db.prepare<[string, string]>("UPDATE customers SET status = ? WHERE id = ?");

  return implementPort(
    CustomerStore,
    {
      get: (id) => select.get(id) ?? null,
      insert: (customer) => {
        try {
          insert.run(customer);
          return { ok: true, value: null };
        } catch (error) {
          // The UNIQUE constraint decides, so two concurrent registrations cannot both win.
          if (isUniqueViolation(error, "customers.email")) return { ok: false, error: { code: "EMAIL_TAKEN", details: { email: customer.email } } };
          throw error;
        }
      },
      setStatus: ({ id, status }) => {
        const result = inTransaction(db, () => {
          updateStatus.run(status, id);
          return select.get(id) ?? null;
        });
        return result.ok ? result.value : null;
      },
    },
    { name: "sqlite:customers.store" },
  );
}
