import { describe, expect, it } from "vitest";
import { Ids, createApplication, defineCommand, defineContract, defineFeature, implementPort, s, type Principal } from "../index.js";
import { testCommand } from "../testing/index.js";
import { customers } from "../test-support/customers.js";
import { memoryCustomerStore } from "../test-support/memory-customer-store.js";

function setup() {
  const store = memoryCustomerStore();
  let ids = 0;
  const app = createApplication({
    features: [customers],
    adapters: [store.adapter, implementPort(Ids, { next: () => String(++ids) })],
    onDefect: () => {},
  });
  return { app, store, ids: () => ids };
}

const register = (app: ReturnType<typeof setup>["app"], principal: unknown) =>
  app.dispatch("customers.register", { name: "Ada" }, { principal: principal as Principal, trace: true });

describe("principals are data, checked at the dispatch boundary", () => {
  it("never matches a permission by substring: a string of permissions grants nothing", async () => {
    for (const permissions of ["not-customers:writeable", "customers:write-disabled", "customers:read customers:write", "customers:write"]) {
      const { app, store, ids } = setup();
      const outcome = await register(app, { id: "u1", permissions });
      expect(outcome).toEqual({
        ok: false,
        error: {
          code: "FORBIDDEN",
          message: "the principal given for customers.register is malformed: permissions must be an array of strings, got a string",
          details: { reason: "permissions must be an array of strings, got a string" },
        },
        trace: { operation: "customers.register", effects: [], events: [] },
      });
      expect([store.calls, ids()]).toEqual([[], 0]);
    }
  });

  it("refuses every malformed principal as FORBIDDEN with the reason, before any effect, without rejecting", async () => {
    const throwing = {
      id: "u1",
      get permissions(): string[] {
        throw new Error("token store is down");
      },
    };
    const cases: [unknown, string][] = [
      [{}, "id must be a non-empty string, got undefined"],
      [{ id: "u1" }, "permissions must be an array of strings, got undefined"],
      [{ id: "u1", permissions: null }, "permissions must be an array of strings, got null"],
      [{ id: "u1", permissions: new Set(["customers:write"]) }, "permissions must be an array of strings, got a Set"],
      [{ id: "u1", permissions: { 0: "customers:write", length: 1 } }, "permissions must be an array of strings, got an object"],
      [{ id: "u1", permissions: ["customers:write", 7] }, "permissions[1] must be a string, got a number"],
      [{ id: "u1", permissions: ["customers:write", , "x"] }, "permissions[1] must be a string, got undefined"],
      [{ id: 1, permissions: ["customers:write"] }, "id must be a non-empty string, got a number"],
      // "got a string" read as if a string were wrong (helper-27 repro-10).
      [{ id: "", permissions: ["customers:write"] }, "id must be a non-empty string, got an empty string"],
      [{ id: "u1", permissions: ["customers:write"], roles: ["admin"] }, 'a principal has exactly the keys id and permissions; this one also has "roles"'],
      ["u1", "a principal must be an object { id, permissions } (or null or undefined for none), got a string"],
      [["customers:write"], "a principal must be an object { id, permissions } (or null or undefined for none), got an array"],
      [42, "a principal must be an object { id, permissions } (or null or undefined for none), got a number"],
      [throwing, "reading the principal threw"],
    ];
    for (const [principal, reason] of cases) {
      const { app, store, ids } = setup();
      const outcome = await register(app, principal);
      expect(outcome, reason).toEqual({
        ok: false,
        error: { code: "FORBIDDEN", message: `the principal given for customers.register is malformed: ${reason}`, details: { reason } },
        trace: { operation: "customers.register", effects: [], events: [] },
      });
      expect([store.calls, ids()]).toEqual([[], 0]);
    }
  });

  it("refuses a malformed principal even for an operation that needs no permission", async () => {
    let ran = false;
    const open = defineCommand({
      id: "open.ping",
      input: s.object({}),
      output: s.literal(null),
      execute: () => {
        ran = true;
        return null;
      },
    });
    const app = createApplication({ features: [defineFeature({ id: "open", contract: defineContract({ id: "open" }), operations: [open] })], adapters: [] });
    expect(await app.dispatch("open.ping", {}, { principal: { id: "u1", permissions: "x" } as never })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", details: { reason: "permissions must be an array of strings, got a string" } },
    });
    expect(ran).toBe(false);
    expect(await app.dispatch("open.ping", {}, { principal: null })).toEqual({ ok: true, value: null, events: [] });
    expect(ran).toBe(true);
  });

  it("treats null and undefined as no principal", async () => {
    for (const principal of [null, undefined]) {
      const { app } = setup();
      expect(await app.dispatch("customers.register", { name: "Ada" }, { principal })).toEqual({
        ok: false,
        error: { code: "FORBIDDEN", message: "no principal lacks customers:write for customers.register", details: { missing: ["customers:write"] } },
      });
    }
  });

  it("hands execute a frozen copy taken once: later changes to the caller's object change nothing", async () => {
    const seen: unknown[] = [];
    const probe = defineCommand({
      id: "probe.run",
      input: s.object({}),
      output: s.literal(null),
      permissions: ["probe:run"],
      async execute({ principal }) {
        seen.push(principal, Object.isFrozen(principal), Object.isFrozen(principal?.permissions));
        await Promise.resolve();
        seen.push([...(principal?.permissions ?? [])]);
        return null;
      },
    });
    const app = createApplication({ features: [defineFeature({ id: "probe", contract: defineContract({ id: "probe" }), operations: [probe] })], adapters: [] });
    const mine = { id: "u1", permissions: ["probe:run"] };
    const pending = app.dispatch("probe.run", {}, { principal: mine });
    mine.permissions.push("probe:admin");
    mine.permissions.length = 0;
    expect(await pending).toEqual({ ok: true, value: null, events: [] });
    expect(seen).toEqual([{ id: "u1", permissions: ["probe:run"] }, true, true, ["probe:run"]]);
    expect(seen[0]).not.toBe(mine);
  });

  it("reads the caller's object afresh on every dispatch: a permission taken away since is missing", async () => {
    const { app } = setup();
    const mine = { id: "u1", permissions: ["customers:write"] };
    expect((await app.dispatch("customers.register", { name: "Ada" }, { principal: mine })).ok).toBe(true);
    mine.permissions[0] = "customers:read";
    expect(await app.dispatch("customers.register", { name: "Bob" }, { principal: mine })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", details: { missing: ["customers:write"] } },
    });
    mine.permissions = ["customers:write", "customers:read"];
    expect((await app.dispatch("customers.register", { name: "Bob" }, { principal: mine })).ok).toBe(true);
    (mine as Record<string, unknown>)["tenant"] = "t1";
    expect(await app.dispatch("customers.register", { name: "Cy" }, { principal: mine })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
  });

  it("runs a testing harness with principal: null as no principal", async () => {
    const store = memoryCustomerStore();
    const { registerCustomer } = await import("../test-support/customers.js");
    const run = await testCommand(registerCustomer, { input: { name: "Ada" }, principal: null, adapters: [store.adapter, implementPort(Ids, { next: () => "1" })] });
    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: "no principal lacks customers:write for customers.register", details: { missing: ["customers:write"] } },
    });
    expect(run.trace.effects).toEqual([]);
  });
});
