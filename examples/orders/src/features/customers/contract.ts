// The customers feature's public surface: the only file of this folder other features import.
import { defineContract, definePort, portOperation, s, type Infer } from "agentix";

/** `cus_` followed by an id from the `Ids` port. */
export const CustomerId = s.brand("CustomerId", s.string({ pattern: "^cus_[A-Za-z0-9-]+$", maxLength: 64 }));
export type CustomerId = Infer<typeof CustomerId>;

/** Suspended customers keep their history but may not place new orders. */
export const CustomerStatus = s.enum(["active", "suspended"]);
export type CustomerStatus = Infer<typeof CustomerStatus>;

export const Customer = s.object({
  id: CustomerId,
  name: s.string({ minLength: 1, maxLength: 200 }),
  /** Stored lower-cased: two spellings of one address are one customer. */
  email: s.string({ format: "email", maxLength: 320 }),
  status: CustomerStatus,
});
export type Customer = Infer<typeof Customer>;

export const EmailTaken = s.object({ email: s.string() });

/** Where customers are kept. Adapters: `src/adapters/memory`, `src/adapters/sqlite`. */
export const CustomerStore = definePort({
  id: "customers.store",
  description: "Customer records.",
  operations: {
    get: portOperation({
      id: "customers.store.get",
      kind: "read",
      input: CustomerId,
      output: s.union([Customer, s.literal(null)]),
    }),
    /** Uniqueness of the email is the store's to enforce: checking first would race. */
    insert: portOperation({
      id: "customers.store.insert",
      kind: "write",
      input: Customer,
      output: s.literal(null),
      errors: { EMAIL_TAKEN: EmailTaken },
    }),
    /** Sets the status and returns the customer as stored, or `null` when there is none. */
    setStatus: portOperation({
      id: "customers.store.set-status",
      kind: "write",
      input: s.object({ id: CustomerId, status: CustomerStatus }),
      output: s.union([Customer, s.literal(null)]),
    }),
  },
});

export const customersContract = defineContract({
  id: "customers",
  description: "Who may order, and whether they currently may.",
  schemas: { CustomerId, CustomerStatus, Customer, EmailTaken },
  ports: [CustomerStore],
});
