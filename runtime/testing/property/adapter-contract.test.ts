import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Clock, definePort, implementPort, portOperation, s } from "../../index.js";
import { Customer, CustomerStore } from "../../test-support/customers.js";
import { memoryCustomerStore } from "../../test-support/memory-customer-store.js";
import { fakeClock } from "../index.js";
import { adapterContract, NoArbitrary, type ContractCheck } from "./index.js";
import { failureOf } from "./test-support/failure-of.js";

const generatedNames = [
  "customers.store.get: results for generated inputs stay within the port's schemas",
  "customers.store.save: results for generated inputs stay within the port's schemas",
  "customers.store.findByName: results for generated inputs stay within the port's schemas",
];

const byName = (checks: readonly ContractCheck[], name: string) => checks.find((check) => check.name.startsWith(name));
const run = (check: ContractCheck | undefined) => () => (check as ContractCheck).run();

/** A store with one deliberate bug, otherwise correct. */
function storeWith(bug: Partial<Parameters<typeof implementPort<typeof CustomerStore>>[1]>) {
  return () => implementPort(CustomerStore, { ...memoryCustomerStore().adapter.handlers, ...bug }, { name: "buggy" });
}

describe("adapterContract", () => {
  it("checks every operation with generated inputs, then the cases, each with a fresh subject it closes", async () => {
    const made: { closed: number }[] = [];
    const checks = adapterContract(CustomerStore, {
      runs: 20,
      make: () => {
        const store = { ...memoryCustomerStore(), closed: 0, close: () => void store.closed++ };
        made.push(store);
        return store;
      },
      cases: {
        "get returns what save stored": async ({ adapter }) => {
          const ada = Customer.parse({ id: "cus_1", name: "Ada", status: "active" });
          await adapter.handlers.save(ada);
          expect(await adapter.handlers.get(ada.id)).toEqual(ada);
        },
      },
    });
    expect(checks.map((check) => check.name)).toEqual([...generatedNames, "get returns what save stored"]);
    for (const check of checks) await check.run();
    expect(made).toHaveLength(3 * 20 + 1);
    expect(made.every((store) => store.closed === 1)).toBe(true);
  });

  it("reports a result that breaks the output schema, shrunk, with the issue and the adapter's name", async () => {
    const checks = adapterContract(CustomerStore, { seed: 7, make: storeWith({ findByName: (name) => ({ id: "cus_1", name, status: "active" }) }) });
    const failure = await failureOf(run(byName(checks, "customers.store.findByName")));
    expect([failure.counterexample, failure.message.split("\n").slice(0, 3)]).toEqual([
      "",
      [
        "adapterContract(customers.store): customers.store.findByName breaks the contract for this input (found after 2 runs, shrunk 0 times):",
        '""',
        'Error: DEFECT: the adapter for customers.store.findByName returned a result that breaks its schema (adapter "buggy"): /name must NOT have fewer than 1 characters',
      ],
    ]);
    await byName(checks, "customers.store.get")?.run();
  });

  it("reports an adapter that throws", async () => {
    const checks = adapterContract(CustomerStore, {
      make: storeWith({
        save: (customer) => {
          if (customer.status === "suspended") throw new Error("no such status column");
          return null;
        },
      }),
    });
    const failure = await failureOf(run(byName(checks, "customers.store.save")));
    expect((failure.counterexample as { status: string }).status).toBe("suspended");
    expect(failure.message.split("\n")[2]).toBe('Error: DEFECT: the adapter for customers.store.save threw (adapter "buggy"): Error: no such status column');
  });

  const Inventory = definePort({
    id: "inventory",
    operations: {
      reserve: portOperation({
        id: "inventory.reserve",
        kind: "write",
        input: s.object({ sku: s.string({ minLength: 1 }), quantity: s.integer({ minimum: 1, maximum: 10 }) }),
        output: s.literal(null),
        errors: { OUT_OF_STOCK: s.object({ available: s.integer({ minimum: 0 }) }) },
      }),
    },
  });
  const reserving = (reserve: (input: { sku: string; quantity: number }) => unknown) => () => implementPort(Inventory, { reserve: reserve as never });

  it("accepts declared errors as outcomes, and refuses undeclared codes, bad details and bare values", async () => {
    const failing = (reserve: (input: { sku: string; quantity: number }) => unknown) => failureOf(run(adapterContract(Inventory, { seed: 2, make: reserving(reserve) })[0]));
    await adapterContract(Inventory, {
      make: reserving(({ quantity }) => (quantity > 5 ? { ok: false, error: { code: "OUT_OF_STOCK", details: { available: 5 } } } : { ok: true, value: null })),
    })[0]?.run();
    const lines = async (reserve: (input: { sku: string; quantity: number }) => unknown) => (await failing(reserve)).message.split("\n")[2];
    expect(await lines(() => ({ ok: false, error: { code: "GONE", details: {} } }))).toBe(
      'Error: DEFECT: the adapter for inventory.reserve returned a result that breaks its schema: /error/code must be one of ["OUT_OF_STOCK"]',
    );
    expect(await lines(() => ({ ok: false, error: { code: "OUT_OF_STOCK", details: { available: -1 } } }))).toBe(
      "Error: DEFECT: the adapter for inventory.reserve returned a result that breaks its schema: /error/details/available must be >= 0",
    );
    expect(await lines(() => null)).toBe(
      "Error: DEFECT: the adapter for inventory.reserve returned a result that breaks its schema: (root) must be an outcome { ok: true, value } or { ok: false, error }",
    );
    // A declared error thrown instead of returned is not an outcome either.
    expect(
      await lines(() => {
        throw Object.assign(new Error("OUT_OF_STOCK"), { code: "OUT_OF_STOCK" });
      }),
    ).toBe("Error: DEFECT: the adapter for inventory.reserve threw: Error: OUT_OF_STOCK");
  });

  it("takes the inputs given for an operation, and leaves one given as null to the cases", async () => {
    const seen: string[] = [];
    const checks = adapterContract(CustomerStore, {
      runs: 10,
      make: () => memoryCustomerStore().adapter,
      inputs: {
        get: fc.constantFrom("cus_1", "cus_2").map((id) => {
          seen.push(id);
          return id;
        }),
        save: null,
      },
    });
    expect(checks.map((check) => check.name)).toEqual([generatedNames[0], generatedNames[2]]);
    await checks[0]?.run();
    expect(seen).toHaveLength(10);
    expect(new Set(seen)).toEqual(new Set(["cus_1", "cus_2"]));
  });

  it("checks an operation called without input, such as a clock", async () => {
    await adapterContract(Clock, { runs: 5, make: () => fakeClock() })[0]?.run();
    const broken = await failureOf(run(adapterContract(Clock, { make: () => implementPort(Clock, { now: () => "yesterday" }, { name: "broken-clock" }) })[0]));
    expect([broken.counterexample, broken.message.split("\n")[2]]).toEqual([
      undefined,
      'Error: DEFECT: the adapter for clock.now returned a result that breaks its schema (adapter "broken-clock"): (root) must match format "date-time"',
    ]);
  });

  it("runs a case against the subject make returned and fails with the case's own error", async () => {
    const subject = { adapter: memoryCustomerStore().adapter, label: "the subject" };
    let received: unknown;
    const [, , , failing] = adapterContract(CustomerStore, {
      make: () => subject,
      cases: {
        "a case that fails": (made) => {
          received = made;
          throw new Error("expected 1 row, got 2");
        },
      },
    });
    await expect(failing?.run()).rejects.toThrow("expected 1 row, got 2");
    expect(received).toBe(subject);
  });

  it("refuses, when the suite is defined, what it cannot check", () => {
    const make = () => memoryCustomerStore().adapter;
    expect(() => adapterContract(null as unknown as typeof CustomerStore, { make })).toThrow(new TypeError("adapterContract: expected a port from definePort(...)"));
    expect(() => adapterContract(CustomerStore, {} as never)).toThrow("adapterContract(customers.store): make must be a function that returns a fresh adapter");
    expect(() => adapterContract(CustomerStore, { make, inputs: { remove: null } as never })).toThrow(
      "adapterContract(customers.store): inputs.remove is not an operation of the port (it has get, save, findByName)",
    );
    expect(() => adapterContract(CustomerStore, { make, cases: { broken: "yes" } as never })).toThrow('adapterContract(customers.store): cases["broken"] must be a function of the subject');
    const Foreign = definePort({ id: "foreign", operations: { get: portOperation({ id: "foreign.get", kind: "read", input: z.string(), output: s.literal(null) }) } });
    expect(() => adapterContract(Foreign, { make: () => implementPort(Foreign, { get: () => null }) })).toThrow(
      new NoArbitrary(
        "adapterContract(foreign): the input schema of foreign.get: a zod schema is not an s.* schema, and agentix generates values only from s.* schemas; give an arbitrary yourself: adapterContract(foreign, { inputs: { get: <fast-check arbitrary> } }), or inputs: { get: null } to leave it to the cases",
      ),
    );
  });

  it("refuses, when a check runs, a make() that gives no adapter of the port", async () => {
    const [wrongPort] = adapterContract(CustomerStore, { make: () => fakeClock() as never });
    await expect(wrongPort?.run()).rejects.toThrow("adapterContract(customers.store): make() returned an adapter of clock, not of customers.store");
    const [nothing] = adapterContract(CustomerStore, { make: () => ({}) as never });
    await expect(nothing?.run()).rejects.toThrow("adapterContract(customers.store): make() must return an adapter (implementPort(...)) or { adapter, ... }");
  });
});
