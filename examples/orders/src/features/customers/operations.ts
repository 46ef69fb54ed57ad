import { defineCommand, defineQuery, Ids, s } from "agentix";
import { Customer, CustomerId, CustomerStore, EmailTaken } from "./contract.js";
import { newCustomer } from "./model.js";

const NotFound = s.object({ customerId: s.string() });

export const registerCustomer = defineCommand({
  id: "customers.register",
  description: "Registers an active customer. Email addresses are unique, ignoring case.",
  input: s.object({
    // At least one non-space character: the name is trimmed before it is stored.
    name: s.string({ minLength: 1, maxLength: 200, pattern: "\\S" }),
    email: s.string({ format: "email", maxLength: 320 }),
  }),
  output: Customer,
  errors: { EMAIL_TAKEN: EmailTaken },
  permissions: ["customers:write"],
  effects: { nextId: Ids.next, insert: CustomerStore.insert },
  async execute({ input, effects, fail }) {
    const customer = newCustomer(`cus_${await effects.nextId()}`, input);
    const inserted = await effects.insert(customer);
    if (!inserted.ok) {
      return fail("EMAIL_TAKEN", inserted.error.details, `A customer with the email ${customer.email} already exists.`);
    }
    return customer;
  },
});

export const getCustomer = defineQuery({
  id: "customers.get",
  description: "One customer by id.",
  input: s.object({ customerId: CustomerId }),
  output: Customer,
  errors: { NOT_FOUND: NotFound },
  permissions: ["customers:read"],
  effects: { get: CustomerStore.get },
  async execute({ input, effects, fail }) {
    const customer = await effects.get(input.customerId);
    return customer ?? fail("NOT_FOUND", { customerId: input.customerId }, `There is no customer ${input.customerId}.`);
  },
});

export const suspendCustomer = defineCommand({
  id: "customers.suspend",
  description: "Stops a customer from placing orders. Suspending a suspended customer changes nothing.",
  input: s.object({ customerId: CustomerId }),
  output: Customer,
  errors: { NOT_FOUND: NotFound },
  permissions: ["customers:manage"],
  effects: { setStatus: CustomerStore.setStatus },
  async execute({ input, effects, fail }) {
    const customer = await effects.setStatus({ id: input.customerId, status: "suspended" });
    return customer ?? fail("NOT_FOUND", { customerId: input.customerId }, `There is no customer ${input.customerId}.`);
  },
});

export const reactivateCustomer = defineCommand({
  id: "customers.reactivate",
  description: "Lets a suspended customer order again. Reactivating an active customer changes nothing.",
  input: s.object({ customerId: CustomerId }),
  output: Customer,
  errors: { NOT_FOUND: NotFound },
  permissions: ["customers:manage"],
  effects: { setStatus: CustomerStore.setStatus },
  async execute({ input, effects, fail }) {
    const customer = await effects.setStatus({ id: input.customerId, status: "active" });
    return customer ?? fail("NOT_FOUND", { customerId: input.customerId }, `There is no customer ${input.customerId}.`);
  },
});
