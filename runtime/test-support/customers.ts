// The DESIGN.md illustration as a fixture: one feature, a store port, an event, a command, a query.
import {
  Ids,
  defineCommand,
  defineContract,
  defineEvent,
  defineFeature,
  definePort,
  defineQuery,
  portOperation,
  s,
} from "../index.js";

export const CustomerId = s.brand("CustomerId", s.string({ pattern: "^cus_" }));
export const Customer = s.object({
  id: CustomerId,
  name: s.string({ minLength: 1 }),
  status: s.enum(["active", "suspended"]),
});

export const CustomerStore = definePort({
  id: "customers.store",
  operations: {
    get: portOperation({ id: "customers.store.get", kind: "read", input: CustomerId, output: s.union([Customer, s.literal(null)]) }),
    save: portOperation({ id: "customers.store.save", kind: "write", input: Customer, output: s.literal(null) }),
    findByName: portOperation({ id: "customers.store.findByName", kind: "read", input: s.string(), output: s.union([Customer, s.literal(null)]) }),
  },
});

export const CustomerRegistered = defineEvent({
  id: "customers.registered",
  version: 1,
  payload: s.object({ customerId: CustomerId }),
});

export const customersContract = defineContract({
  id: "customers",
  schemas: { CustomerId, Customer },
  ports: [CustomerStore],
  events: [CustomerRegistered],
});

export const registerCustomer = defineCommand({
  id: "customers.register",
  input: s.object({ name: s.string({ minLength: 1 }) }),
  output: Customer,
  errors: { NAME_TAKEN: s.object({ name: s.string() }) },
  permissions: ["customers:write"],
  effects: { findByName: CustomerStore.findByName, save: CustomerStore.save, nextId: Ids.next },
  emits: { registered: CustomerRegistered },
  async execute({ input, effects, emit, fail }) {
    if ((await effects.findByName(input.name)) !== null) return fail("NAME_TAKEN", { name: input.name });
    const customer = { id: CustomerId.parse(`cus_${await effects.nextId()}`), name: input.name, status: "active" as const };
    await effects.save(customer);
    emit.registered({ customerId: customer.id });
    return customer;
  },
});

export const getCustomer = defineQuery({
  id: "customers.get",
  input: s.object({ id: CustomerId }),
  output: Customer,
  errors: { NOT_FOUND: s.object({ id: s.string() }) },
  permissions: ["customers:read"],
  effects: { get: CustomerStore.get },
  async execute({ input, effects, fail }) {
    const customer = await effects.get(input.id);
    return customer ?? fail("NOT_FOUND", { id: input.id });
  },
});

export const customers = defineFeature({
  id: "customers",
  contract: customersContract,
  dependencies: [],
  operations: [registerCustomer, getCustomer],
  invariants: [],
});
