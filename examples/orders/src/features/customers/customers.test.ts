import { describe, expect, test } from "vitest";
import { assertEffects, assertNoEffects, memoryPort, sequentialIds, testCommand, testQuery } from "agentix/testing";
import { CustomerStore } from "./contract.js";
import { getCustomer, reactivateCustomer, registerCustomer, suspendCustomer } from "./operations.js";

const ada = { id: "cus_1", name: "Ada Lovelace", email: "ada@example.com", status: "active" } as const;

describe("customers.register", () => {
  test("registers an active customer with a trimmed name and a lower-cased email", async () => {
    const store = memoryPort(CustomerStore, { insert: { always: { ok: true, value: null } } });
    const run = await testCommand(registerCustomer, {
      input: { name: "  Ada Lovelace ", email: "Ada@Example.com" },
      adapters: [store, sequentialIds()],
    });

    expect(run.outcome).toEqual({ ok: true, value: ada, events: [] });
    assertEffects(run, ["ids.next", "customers.store.insert"]);
    expect(store.calls).toEqual([{ operation: "customers.store.insert", input: ada }]);
  });

  test("answers EMAIL_TAKEN when the store already has the address", async () => {
    const store = memoryPort(CustomerStore, {
      insert: [{ ok: false, error: { code: "EMAIL_TAKEN", details: { email: "ada@example.com" } } }],
    });
    const run = await testCommand(registerCustomer, {
      input: { name: "Ada", email: "ADA@example.com" },
      adapters: [store, sequentialIds()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "EMAIL_TAKEN", message: "A customer with the email ada@example.com already exists.", details: { email: "ada@example.com" } },
    });
  });

  test("rejects a name of only spaces before any effect", async () => {
    const run = await testCommand(registerCustomer, {
      input: { name: "   ", email: "ada@example.com" },
      adapters: [memoryPort(CustomerStore), sequentialIds()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: "invalid input for customers.register",
        details: { issues: [{ code: "invalid_pattern", path: "/name", message: 'must match pattern "\\S"' }] },
      },
    });
    assertNoEffects(run);
  });

  test("denies a principal without customers:write before any effect", async () => {
    const run = await testCommand(registerCustomer, {
      input: { name: "Ada", email: "ada@example.com" },
      permissions: ["customers:read"],
      adapters: [memoryPort(CustomerStore), sequentialIds()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "FORBIDDEN",
        message: 'principal "test-principal" lacks customers:write for customers.register',
        details: { missing: ["customers:write"] },
      },
    });
    assertNoEffects(run);
  });
});

describe("customers.get", () => {
  test("returns the stored customer", async () => {
    const run = await testQuery(getCustomer, { input: { customerId: "cus_1" }, adapters: [memoryPort(CustomerStore, { get: [ada] })] });

    expect(run.outcome).toEqual({ ok: true, value: ada, events: [] });
    expect(run.trace.effects).toEqual([{ effect: "get", operation: "customers.store.get", kind: "read", input: "cus_1", output: ada }]);
  });

  test("answers NOT_FOUND for an unknown id", async () => {
    const run = await testQuery(getCustomer, { input: { customerId: "cus_9" }, adapters: [memoryPort(CustomerStore, { get: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no customer cus_9.", details: { customerId: "cus_9" } } });
  });

  test("denies a principal without customers:read", async () => {
    const run = await testQuery(getCustomer, { input: { customerId: "cus_1" }, permissions: [], adapters: [memoryPort(CustomerStore)] });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("FORBIDDEN");
    assertNoEffects(run);
  });
});

describe("customers.suspend and customers.reactivate", () => {
  test("suspend sets the status to suspended and returns the stored customer", async () => {
    const store = memoryPort(CustomerStore, { setStatus: [{ ...ada, status: "suspended" }] });
    const run = await testCommand(suspendCustomer, { input: { customerId: "cus_1" }, adapters: [store] });

    expect(run.outcome).toEqual({ ok: true, value: { ...ada, status: "suspended" }, events: [] });
    expect(store.calls).toEqual([{ operation: "customers.store.set-status", input: { id: "cus_1", status: "suspended" } }]);
  });

  test("reactivate sets the status back to active", async () => {
    const store = memoryPort(CustomerStore, { setStatus: [ada] });
    const run = await testCommand(reactivateCustomer, { input: { customerId: "cus_1" }, adapters: [store] });

    expect(run.outcome).toEqual({ ok: true, value: ada, events: [] });
    expect(store.calls).toEqual([{ operation: "customers.store.set-status", input: { id: "cus_1", status: "active" } }]);
  });

  test("suspend answers NOT_FOUND when the store has no such customer", async () => {
    const run = await testCommand(suspendCustomer, { input: { customerId: "cus_9" }, adapters: [memoryPort(CustomerStore, { setStatus: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no customer cus_9.", details: { customerId: "cus_9" } } });
  });

  test("suspending needs customers:manage, which a clerk's customers:write is not", async () => {
    const run = await testCommand(suspendCustomer, {
      input: { customerId: "cus_1" },
      permissions: ["customers:read", "customers:write"],
      adapters: [memoryPort(CustomerStore)],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "test-principal" lacks customers:manage for customers.suspend', details: { missing: ["customers:manage"] } },
    });
    assertNoEffects(run);
  });
});
