import { expect, test } from "vitest";
import { s, definePort, portOperation, defineEvent, defineContract, defineCommand, defineFeature, createApplication, implementPort, Ids, defineQuery } from "agentix";

const CustomerId = s.brand("CustomerId", s.string({ pattern: "^cus_" }));
const Customer = s.object({ id: CustomerId, name: s.string({ minLength: 1 }), status: s.enum(["active", "suspended"]), nick: s.optional(s.string()) });
const CustomerStore = definePort({ id: "customers.store", operations: {
  get: portOperation({ id: "customers.store.get", kind: "read", input: CustomerId, output: s.union([Customer, s.literal(null)]) }),
  save: portOperation({ id: "customers.store.save", kind: "write", input: Customer, output: s.literal(null) }),
} });
const CustomerRegistered = defineEvent({ id: "customers.registered", version: 1, payload: s.object({ customerId: CustomerId }) });
const customersContract = defineContract({ id: "customers", schemas: { CustomerId, Customer }, ports: [CustomerStore], events: [CustomerRegistered] });
const registerCustomer = defineCommand({
  id: "customers.register",
  input: s.object({ name: s.string({ minLength: 1 }) }),
  output: Customer,
  errors: { NAME_TAKEN: s.object({ name: s.string() }) },
  permissions: ["customers:write"],
  effects: { save: CustomerStore.save, nextId: Ids.next },
  emits: { registered: CustomerRegistered },
  async execute({ input, effects, emit, fail }) {
    if (input.name === "taken") return fail("NAME_TAKEN", { name: input.name });
    const customer = { id: CustomerId.parse(`cus_${await effects.nextId()}`), name: input.name, status: "active" as const };
    await effects.save(customer);
    emit.registered({ customerId: customer.id });
    return customer;
  },
});
const getCustomer = defineQuery({
  id: "customers.get", input: s.object({ id: CustomerId }), output: Customer, errors: { NOT_FOUND: s.object({ id: s.string() }) },
  permissions: ["customers:read"], effects: { get: CustomerStore.get },
  async execute({ input, effects, fail }) {
    const c = await effects.get(input.id);
    return c ?? fail("NOT_FOUND", { id: input.id });
  },
});
const customers = defineFeature({ id: "customers", contract: customersContract, dependencies: [], operations: [registerCustomer, getCustomer], invariants: [] });

test("smoke", async () => {
  const db = new Map<string, unknown>();
  let n = 0;
  const app = createApplication({ features: [customers], adapters: [
    implementPort(CustomerStore, { get: (id) => (db.get(id) as never) ?? null, save: (c) => { db.set(c.id, c); return null; } }),
    implementPort(Ids, { next: () => String(++n) }),
  ] });
  const outcome = await app.dispatch("customers.register", { name: "Ada" }, { principal: { id: "u1", permissions: ["customers:write"] }, trace: true });
  expect(outcome).toMatchObject({ ok: true, value: { id: "cus_1", name: "Ada", status: "active" } });
  if (outcome.ok) { const v: string = outcome.value.id; void v; }
  const got = await app.dispatch("customers.get", { id: "cus_1" }, { principal: { id: "u1", permissions: ["customers:read"] } });
  expect(got.ok).toBe(true);
  const missing = await app.dispatch(getCustomer, { id: "cus_9" }, { principal: { id: "u1", permissions: ["customers:read"] } });
  expect(missing).toEqual({ ok: false, error: { code: "NOT_FOUND", details: { id: "cus_9" } } });
  if (!missing.ok && missing.error.code === "NOT_FOUND") { const id: string = missing.error.details.id; void id; }
  console.log(JSON.stringify(outcome, null, 1), JSON.stringify(Customer));
});
