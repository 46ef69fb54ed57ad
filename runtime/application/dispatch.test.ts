import { describe, expect, it } from "vitest";
import {
  Clock,
  Ids,
  assertInvariant,
  createApplication,
  defineCommand,
  defineContract,
  defineFeature,
  defineInvariant,
  definePort,
  implementPort,
  portOperation,
  s,
  PortSchemaViolation,
  type DefectReport,
} from "../index.js";
import { customers, getCustomer, registerCustomer } from "../test-support/customers.js";
import { memoryCustomerStore } from "../test-support/memory-customer-store.js";
import { thingWorld, thingsContract } from "../test-support/things.js";

const writer = { id: "u1", permissions: ["customers:write"] };
const reader = { id: "u2", permissions: ["customers:read"] };

function setup(options: { onDefect?: (report: DefectReport) => void } = {}) {
  const store = memoryCustomerStore();
  let next = 0;
  const ids = implementPort(Ids, { next: () => String(++next) });
  const app = createApplication({
    features: [customers],
    adapters: [store.adapter, ids],
    onDefect: options.onDefect ?? (() => {}),
  });
  return { app, store };
}

describe("dispatch", () => {
  it("runs a command and returns its value, events and trace", async () => {
    const { app, store } = setup();
    const outcome = await app.dispatch("customers.register", { name: "Ada" }, { principal: writer, trace: true });
    expect(outcome).toEqual({
      ok: true,
      value: { id: "cus_1", name: "Ada", status: "active" },
      events: [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }],
      trace: {
        operation: "customers.register",
        effects: [
          { effect: "findByName", operation: "customers.store.findByName", kind: "read", input: "Ada", output: null },
          { effect: "nextId", operation: "ids.next", kind: "random", output: "1" },
          {
            effect: "save",
            operation: "customers.store.save",
            kind: "write",
            input: { id: "cus_1", name: "Ada", status: "active" },
            output: null,
          },
        ],
        events: [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }],
      },
    });
    expect(store.calls).toEqual(["findByName", "save"]);
  });

  it("omits the trace unless asked", async () => {
    const { app } = setup();
    const outcome = await app.dispatch("customers.register", { name: "Ada" }, { principal: writer });
    expect(Object.keys(outcome)).toEqual(["ok", "value", "events"]);
  });

  it("dispatches by descriptor as well as by id", async () => {
    const { app } = setup();
    await app.dispatch(registerCustomer, { name: "Ada" }, { principal: writer });
    const outcome = await app.dispatch(getCustomer, { id: "cus_1" }, { principal: reader });
    expect(outcome).toEqual({ ok: true, value: { id: "cus_1", name: "Ada", status: "active" }, events: [] });
  });

  it("returns a declared error as a value with validated details", async () => {
    const { app } = setup();
    await app.dispatch("customers.register", { name: "Ada" }, { principal: writer });
    const outcome = await app.dispatch("customers.register", { name: "Ada" }, { principal: writer });
    expect(outcome).toEqual({ ok: false, error: { code: "NAME_TAKEN", details: { name: "Ada" } } });
  });

  it("denies a principal without the permission before any effect runs and emits nothing", async () => {
    const { app, store } = setup();
    const outcome = await app.dispatch("customers.register", { name: "Ada" }, { principal: reader, trace: true });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "u2" lacks customers:write for customers.register', details: { missing: ["customers:write"] } },
      trace: { operation: "customers.register", effects: [], events: [] },
    });
    expect(store.calls).toEqual([]);
  });

  it("denies a missing principal", async () => {
    const { app, store } = setup();
    const outcome = await app.dispatch("customers.register", { name: "Ada" });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: "no principal lacks customers:write for customers.register", details: { missing: ["customers:write"] } },
    });
    expect(store.calls).toEqual([]);
  });

  it("rejects input with an unknown field with INVALID_INPUT and the issue path", async () => {
    const { app, store } = setup();
    const outcome = await app.dispatch("customers.register", { name: "Ada", admin: true } as never, { principal: writer });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: "invalid input for customers.register",
        details: { issues: [{ code: "unknown_property", path: "/admin", message: "is not allowed (unknown property)" }] },
      },
    });
    expect(store.calls).toEqual([]);
  });

  it("returns UNKNOWN_OPERATION for an id or descriptor the application does not have", async () => {
    const { app } = setup();
    expect(await app.dispatchUntyped("customers.delete", {}, { principal: writer })).toEqual({
      ok: false,
      error: { code: "UNKNOWN_OPERATION", message: 'the application has no operation "customers.delete"' },
    });
    const stranger = defineCommand({ id: "x.y", input: s.object({}), output: s.literal(null), execute: () => null });
    expect(await app.dispatch(stranger, {})).toEqual({
      ok: false,
      error: { code: "UNKNOWN_OPERATION", message: 'the operation "x.y" is not part of this application' },
    });
  });
});

describe("boundaries", () => {
  it("fails with UNDECLARED_EFFECT when execute calls an effect it did not declare, even if it catches", async () => {
    const { app, calls } = thingWorld(async ({ input, effects }) => {
      try {
        await (effects as unknown as { ping(): Promise<string> }).ping();
      } catch {
        // swallowing the refusal does not help
      }
      return { id: input.id };
    });
    const outcome = await app.dispatch("things.make", { id: "t1" }, { trace: true });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "UNDECLARED_EFFECT", message: 'things.make does not declare the effect "ping"', details: { effect: "ping" } },
      trace: { operation: "things.make", effects: [], events: [] },
    });
    expect(calls).toEqual([]);
  });

  it("exposes exactly the declared effects", async () => {
    let seen: unknown;
    const { app } = thingWorld(({ input, effects }) => {
      seen = { keys: Object.keys(effects), hasPing: "ping" in effects, hasLoad: "load" in effects };
      return { id: input.id };
    });
    await app.dispatch("things.make", { id: "t1" });
    expect(seen).toEqual({ keys: ["load", "store"], hasPing: false, hasLoad: true });
  });

  it("refuses a leaked effect context after the dispatch settled, without reaching the adapter", async () => {
    let leaked: { load(id: string): Promise<unknown> } | undefined;
    const { app, calls } = thingWorld(({ input, effects }) => {
      leaked = effects as never;
      return { id: input.id };
    });
    expect((await app.dispatch("things.make", { id: "t1" })).ok).toBe(true);
    await expect(leaked?.load("t2")).rejects.toMatchObject({
      code: "UNDECLARED_EFFECT",
      message: 'effect "load" was used after things.make settled; its context is revoked',
    });
    expect(calls).toEqual([]);
  });

  it("turns an adapter result that breaks its port's output schema into a DEFECT naming the port operation, its issues for onDefect only", async () => {
    const { app, defects } = thingWorld(
      async ({ input, effects }) => {
        await effects.load(input.id);
        return { id: input.id };
      },
      { load: (id) => ({ id, size: -3 }) },
    );
    const outcome = await app.dispatch("things.make", { id: "t1" }, { trace: true });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: "DEFECT",
        message: "the adapter for things.load returned a result that breaks its schema",
        details: { portOperation: "things.load", phase: "output" },
      },
      trace: {
        operation: "things.make",
        effects: [{ effect: "load", operation: "things.load", kind: "read", input: "t1", fault: "DEFECT" }],
        events: [],
      },
    });
    expect(defects).toEqual([{ operation: "things.make", portOperation: "things.load", cause: expect.any(PortSchemaViolation) }]);
    expect(defects[0]?.cause).toMatchObject({ phase: "output", issues: [{ code: "too_small", path: "/size", message: "must be >= 0" }] });
  });

  it("turns effect input that breaks the port's input schema into a DEFECT before the adapter runs", async () => {
    const { app, calls, defects } = thingWorld(async ({ input, effects }) => {
      await effects.store({ id: input.id, size: 1.5 });
      return { id: input.id };
    });
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "things.make called things.store with input that breaks its schema", details: { portOperation: "things.store", phase: "input" } },
    });
    expect(calls).toEqual([]);
    expect(defects.map((defect) => [defect.portOperation, (defect.cause as Error).message])).toEqual([
      ["things.store", "things.make called things.store with input that breaks its schema: /size must be integer"],
    ]);
  });

  it("turns a thrown exception into a DEFECT without its message, and hands the cause to onDefect", async () => {
    const { app, defects } = thingWorld(() => {
      throw new Error("secret connection string");
    });
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(outcome).toEqual({ ok: false, error: { code: "DEFECT", message: "things.make failed unexpectedly" } });
    expect(JSON.stringify(outcome)).not.toContain("secret");
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({ operation: "things.make", cause: new Error("secret connection string") });
  });

  it("turns an adapter that throws into a DEFECT naming the port operation", async () => {
    const { app, defects } = thingWorld(
      async ({ input, effects }) => {
        await effects.store({ id: input.id, size: 1 });
        return { id: input.id };
      },
      {
        store: () => {
          throw new Error("disk full");
        },
      },
    );
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "the adapter for things.store threw", details: { portOperation: "things.store", phase: "adapter" } },
    });
    expect(defects.map((defect) => [defect.operation, defect.portOperation, (defect.cause as Error).message])).toEqual([
      ["things.make", "things.store", "disk full"],
    ]);
  });

  it("validates emitted events and returns them in order", async () => {
    const { app } = thingWorld(({ input, emit }) => {
      emit.made({ id: `${input.id}-a` });
      emit.made({ id: `${input.id}-b` });
      return { id: input.id };
    });
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(outcome).toEqual({
      ok: true,
      value: { id: "t1" },
      events: [
        { event: "things.made", version: 2, payload: { id: "t1-a" } },
        { event: "things.made", version: 2, payload: { id: "t1-b" } },
      ],
    });
  });

  it("fails with INVALID_OUTPUT when an emitted payload breaks its schema", async () => {
    const { app } = thingWorld(({ input, emit }) => {
      emit.made({ id: 42 } as never);
      return { id: input.id };
    });
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make emitted things.made with a payload that breaks its schema",
        details: { event: "things.made", issues: [{ code: "invalid_type", path: "/id", message: "must be string" }] },
      },
    });
  });

  it("rejects an event the operation does not declare", async () => {
    const { app } = thingWorld(({ input, emit }) => {
      (emit as unknown as { gone(payload: unknown): void }).gone({ id: input.id });
      return { id: input.id };
    });
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "UNDECLARED_EFFECT", message: 'things.make does not declare the event "gone"', details: { event: "gone" } },
    });
  });

  it("fails with INVALID_OUTPUT when execute returns output that breaks the schema", async () => {
    const { app } = thingWorld(() => ({ id: "t1", extra: true }) as never);
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make returned output that breaks its schema",
        details: { issues: [{ code: "unknown_property", path: "/extra", message: "is not allowed (unknown property)" }] },
      },
    });
  });

  it("fails with INVALID_OUTPUT when execute fails with an undeclared code", async () => {
    const { app } = thingWorld(({ fail }) => (fail as (code: string, details: unknown) => never)("NOPE", {}));
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "INVALID_OUTPUT", message: 'things.make failed with the undeclared error code "NOPE"', details: { code: "NOPE" } },
    });
  });

  it("drops a fail message that is not a string, as it drops an adapter's, and keeps a string one", async () => {
    const failWith = (message: unknown) => thingWorld(({ input, fail }) => (fail as (code: string, details: unknown, message: unknown) => never)("DUMMY", { id: input.id }, message)).app;
    for (const message of [{ text: "not a string" }, 42, null, ["a"]]) {
      expect(await failWith(message).dispatch("things.make", { id: "t1" })).toEqual({ ok: false, error: { code: "DUMMY", details: { id: "t1" } } });
    }
    expect(await failWith("Ask again later.").dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "DUMMY", message: "Ask again later.", details: { id: "t1" } },
    });
  });

  it("drains effects that execute started but did not await before settling", async () => {
    const order: string[] = [];
    const { app } = thingWorld(
      ({ input, effects }) => {
        void effects.store({ id: input.id, size: 1 });
        order.push("returned");
        return { id: input.id };
      },
      {
        store: async (thing) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(`stored ${thing.id}`);
          return null;
        },
      },
    );
    const outcome = await app.dispatch("things.make", { id: "t1" });
    order.push("settled");
    expect(outcome.ok).toBe(true);
    expect(order).toEqual(["returned", "stored t1", "settled"]);
  });

  it("makes an invariant failure a DEFECT naming the invariant", async () => {
    const positive = defineInvariant({
      id: "things.positive",
      dependsOn: [thingsContract],
      evidence: s.object({ size: s.integer() }),
      check: ({ size }) => size > 0,
    });
    const shrink = defineCommand({
      id: "things.shrink",
      input: s.object({ size: s.integer() }),
      output: s.literal(null),
      invariants: [positive],
      execute: ({ input }) => {
        assertInvariant(positive, { size: input.size - 1 });
        return null;
      },
    });
    const feature = defineFeature({ id: "things", contract: thingsContract, operations: [shrink], invariants: [positive] });
    const app = createApplication({ features: [feature], adapters: [], onDefect: () => {} });
    expect(await app.dispatch("things.shrink", { size: 2 })).toEqual({ ok: true, value: null, events: [] });
    expect(await app.dispatch("things.shrink", { size: 1 })).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "invariant things.positive does not hold after things.shrink", details: { invariant: "things.positive" } },
    });
  });

  it("returns an external port's declared error to execute as a value", async () => {
    const Gateway = definePort({
      id: "gateway",
      operations: {
        charge: portOperation({
          id: "gateway.charge",
          kind: "external",
          input: s.object({ cents: s.integer() }),
          output: s.object({ reference: s.string() }),
          errors: { DECLINED: s.object({ reason: s.string() }) },
        }),
      },
    });
    const pay = defineCommand({
      id: "gateway.pay",
      input: s.object({ cents: s.integer() }),
      output: s.object({ paid: s.boolean(), reason: s.optional(s.string()) }),
      effects: { charge: Gateway.charge, now: Clock.now },
      async execute({ input, effects }) {
        const result = await effects.charge({ cents: input.cents });
        if (result.ok) return { paid: true };
        return { paid: false, reason: result.error.details.reason };
      },
    });
    const contract = defineContract({ id: "gateway", ports: [Gateway] });
    const feature = defineFeature({ id: "gateway", contract, operations: [pay] });
    const gateway = implementPort(Gateway, {
      charge: ({ cents }) => (cents > 100 ? { ok: false, error: { code: "DECLINED", details: { reason: "limit" } } } : { ok: true, value: { reference: "r1" } }),
    });
    const clock = implementPort(Clock, { now: () => "2026-01-01T00:00:00.000Z" });
    const app = createApplication({ features: [feature], adapters: [gateway, clock] });
    expect(await app.dispatch("gateway.pay", { cents: 50 })).toEqual({ ok: true, value: { paid: true }, events: [] });
    expect(await app.dispatch("gateway.pay", { cents: 500 }, { trace: true })).toEqual({
      ok: true,
      value: { paid: false, reason: "limit" },
      events: [],
      trace: {
        operation: "gateway.pay",
        effects: [
          {
            effect: "charge",
            operation: "gateway.charge",
            kind: "external",
            input: { cents: 500 },
            output: { ok: false, error: { code: "DECLINED", details: { reason: "limit" } } },
          },
        ],
        events: [],
      },
    });
  });
});
