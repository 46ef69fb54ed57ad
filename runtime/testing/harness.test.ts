import { describe, expect, it } from "vitest";
import { Clock, Ids, defineCommand, defineEvent, definePort, defineQuery, portOperation, s } from "../index.js";
import { CustomerStore, getCustomer, registerCustomer } from "../test-support/customers.js";
import {
  MissingFakeData,
  assertEffects,
  assertEvents,
  assertNoEffects,
  fakeClock,
  memoryPort,
  recordTrace,
  replayTrace,
  sequentialIds,
  testCommand,
  testQuery,
} from "./index.js";

const ada = { id: "cus_1", name: "Ada", status: "active" } as const;

describe("testCommand / testQuery", () => {
  it("runs the DESIGN example: memoryPort records the write, sequentialIds gives ids", async () => {
    const store = memoryPort(CustomerStore, { findByName: { always: null } });
    const run = await testCommand(registerCustomer, { input: { name: "Ada" }, permissions: ["customers:write"], adapters: [store, sequentialIds()] });
    expect(run.outcome).toEqual({ ok: true, value: ada, events: [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }] });
    expect(run.trace.effects.map((effect) => effect.operation)).toEqual(["customers.store.findByName", "ids.next", "customers.store.save"]);
    expect(store.calls).toEqual([
      { operation: "customers.store.findByName", input: "Ada" },
      { operation: "customers.store.save", input: ada },
    ]);
    assertEffects(run, ["customers.store.findByName", "ids.next", "customers.store.save"]);
    assertEvents(run, [{ event: "customers.registered", payload: { customerId: "cus_1" } }]);
    assertEvents(run, [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }]);
  });

  it("grants the operation's own permissions by default, and runs denied with principal: null", async () => {
    const store = memoryPort(CustomerStore, { findByName: { always: null } });
    const allowed = await testCommand(registerCustomer, { input: { name: "Ada" }, adapters: [store, sequentialIds()] });
    expect(allowed.principal).toEqual({ id: "test-principal", permissions: ["customers:write"] });
    const denied = await testCommand(registerCustomer, { input: { name: "Ada" }, principal: null, adapters: [store, sequentialIds()] });
    expect(denied.outcome).toMatchObject({ ok: false, error: { code: "FORBIDDEN", details: { missing: ["customers:write"] } } });
    assertNoEffects(denied);
  });

  it("answers from arrays in order and fails the test when the answers run out", async () => {
    const store = memoryPort(CustomerStore, { get: [ada] });
    const first = await testQuery(getCustomer, { input: { id: "cus_1" }, adapters: [store] });
    expect(first.outcome).toEqual({ ok: true, value: ada, events: [] });
    await expect(testQuery(getCustomer, { input: { id: "cus_1" }, adapters: [store] })).rejects.toThrow(
      new MissingFakeData("memoryPort(customers.store): customers.store.get was called more often than the answers given"),
    );
  });

  it("fails the test, naming the port operation, when a fake has no answer", async () => {
    await expect(testQuery(getCustomer, { input: { id: "cus_1" }, adapters: [memoryPort(CustomerStore)] })).rejects.toThrow(
      "memoryPort(customers.store): no handler or stored data for customers.store.get; pass one in memoryPort(customers.store, { get: ... })",
    );
  });

  it("answers only from answers given, never from Object.prototype, for an operation named like one of its members", async () => {
    const Named = definePort({
      id: "named",
      operations: {
        toString: portOperation({ id: "named.toString", kind: "read", input: s.string(), output: s.string() }),
        valueOf: portOperation({ id: "named.valueOf", kind: "read", output: s.unknown() }),
      },
    });
    const read = defineQuery({
      id: "named.read",
      input: s.object({}),
      output: s.unknown(),
      effects: { text: Named.toString, value: Named.valueOf },
      execute: async ({ effects }) => [await effects.text("x"), await effects.value()],
    });
    await expect(testQuery(read, { input: {}, adapters: [memoryPort(Named)] })).rejects.toThrow(
      new MissingFakeData("memoryPort(named): no handler or stored data for named.toString; pass one in memoryPort(named, { toString: ... })"),
    );
    await expect(testQuery(read, { input: {}, adapters: [memoryPort(Named, { toString: { always: "text" } })] })).rejects.toThrow(
      new MissingFakeData("memoryPort(named): no handler or stored data for named.valueOf; pass one in memoryPort(named, { valueOf: ... })"),
    );
    const answered = await testQuery(read, { input: {}, adapters: [memoryPort(Named, { toString: { always: "text" }, valueOf: [7] })] });
    expect(answered.outcome).toEqual({ ok: true, value: ["text", 7], events: [] });
  });

  it("refuses to run without an adapter for a declared effect", async () => {
    await expect(testQuery(getCustomer, { input: { id: "cus_1" }, adapters: [] })).rejects.toThrow(
      'customers.get: no adapter for port "customers.store" (effect "get" -> customers.store.get); pass one in adapters, e.g. memoryPort(customers.store)',
    );
  });

  it("keeps commands and queries apart", () => {
    expect(() => testQuery(registerCustomer as never, { input: {} as never })).toThrow("testQuery: customers.register is a command; use testCommand");
  });

  it("reports assertion failures with what happened", async () => {
    const run = await testCommand(registerCustomer, {
      input: { name: "Ada" },
      adapters: [memoryPort(CustomerStore, { findByName: { always: null } }), sequentialIds()],
    });
    expect(() => assertEffects(run, ["ids.next"])).toThrow(
      'customers.register called ["customers.store.findByName","ids.next","customers.store.save"], expected ["ids.next"]',
    );
    expect(() => assertNoEffects(run)).toThrow("customers.register called customers.store.findByName, ids.next, customers.store.save, expected no effect calls");
    expect(() => assertEvents(run, [])).toThrow('customers.register emitted ["customers.registered"], expected []');
  });
});

describe("fakeClock and sequentialIds", () => {
  const stamp = defineQuery({
    id: "clock.stamp",
    input: s.object({}),
    output: s.array(s.string()),
    effects: { now: Clock.now },
    async execute({ effects }) {
      return [await effects.now(), await effects.now()];
    },
  });

  it("stands still, moves when told, and steps when asked", async () => {
    const clock = fakeClock("2026-03-01T10:00:00.000Z");
    expect((await testQuery(stamp, { input: {}, adapters: [clock] })).outcome).toMatchObject({ value: ["2026-03-01T10:00:00.000Z", "2026-03-01T10:00:00.000Z"] });
    clock.advance(1500);
    expect(clock.current()).toBe("2026-03-01T10:00:01.500Z");
    clock.set("2027-01-01T00:00:00Z");
    expect(clock.current()).toBe("2027-01-01T00:00:00.000Z");
    const stepping = fakeClock("2026-03-01T10:00:00.000Z", { step: 1000 });
    expect((await testQuery(stamp, { input: {}, adapters: [stepping] })).outcome).toMatchObject({ value: ["2026-03-01T10:00:00.000Z", "2026-03-01T10:00:01.000Z"] });
    expect(() => fakeClock("soon")).toThrow('fakeClock: "soon" is not an ISO-8601 time');
  });

  it("counts from 1 with an optional prefix and resets", async () => {
    const ids = sequentialIds({ prefix: "ord_" });
    const make = defineCommand({
      id: "ids.two",
      input: s.object({}),
      output: s.array(s.string()),
      effects: { next: Ids.next },
      async execute({ effects }) {
        return [await effects.next(), await effects.next()];
      },
    });
    expect((await testCommand(make, { input: {}, adapters: [ids] })).outcome).toMatchObject({ value: ["ord_1", "ord_2"] });
    ids.reset();
    expect((await testCommand(make, { input: {}, adapters: [ids] })).outcome).toMatchObject({ value: ["ord_1", "ord_2"] });
  });
});

describe("record and replay", () => {
  async function recorded() {
    const run = await testCommand(registerCustomer, {
      input: { name: "Ada" },
      adapters: [memoryPort(CustomerStore, { findByName: { always: null } }), sequentialIds()],
    });
    return recordTrace(run);
  }

  it("records a run as plain, schema-versioned data", async () => {
    const recording = await recorded();
    expect(recording).toEqual({
      schemaVersion: 1,
      operation: "customers.register",
      input: { name: "Ada" },
      principal: { id: "test-principal", permissions: ["customers:write"] },
      effects: [
        { effect: "findByName", operation: "customers.store.findByName", kind: "read", input: "Ada", output: null },
        { effect: "nextId", operation: "ids.next", kind: "random", output: "1" },
        { effect: "save", operation: "customers.store.save", kind: "write", input: ada, output: null },
      ],
      events: [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }],
      outcome: { ok: true, value: ada },
    });
    expect(JSON.parse(JSON.stringify(recording))).toEqual(recording);
  });

  it("replays a recording to the same outcome, effects and events", async () => {
    const recording = JSON.parse(JSON.stringify(await recorded())) as unknown;
    const run = await replayTrace(registerCustomer, recording);
    expect(run.outcome).toMatchObject({ ok: true, value: ada });
  });

  it("fails a replay whose answers lead somewhere else", async () => {
    const recording = await recorded();
    const changed = { ...recording, effects: recording.effects.map((effect) => (effect.operation === "ids.next" ? { ...effect, output: "7" } : effect)) };
    await expect(replayTrace(registerCustomer, changed)).rejects.toThrow("replay of customers.register: effect call #3 (customers.store.save) got different input");
  });

  it("records an undefined input, value or payload by leaving its key out, as JSON does, and replays it", async () => {
    const Happened = defineEvent({ id: "blank.happened", version: 1, payload: s.unknown() });
    const blank = defineCommand({
      id: "blank.run",
      input: s.unknown(),
      output: s.unknown(),
      emits: { happened: Happened },
      execute: ({ emit }) => {
        emit.happened(undefined);
        return undefined;
      },
    });
    const run = await testCommand(blank, { input: undefined });
    const recording = recordTrace(run);
    expect(recording).toStrictEqual({
      schemaVersion: 1,
      operation: "blank.run",
      principal: { id: "test-principal", permissions: [] },
      effects: [],
      events: [{ event: "blank.happened", version: 1 }],
      outcome: { ok: true },
    });
    const replayed = await replayTrace(blank, JSON.parse(JSON.stringify(recording)));
    expect([replayed.input, replayed.outcome]).toStrictEqual([undefined, { ok: true, value: undefined, events: [{ event: "blank.happened", version: 1, payload: undefined }] }]);
  });

  it("refuses, saying what and why, a run that JSON cannot hold", async () => {
    const big = defineCommand({ id: "big.run", input: s.unknown(), output: s.unknown(), execute: () => 10n ** 20n });
    const run = await testCommand(big, { input: {} });
    expect(() => recordTrace(run)).toThrow(new TypeError("recordTrace(big.run): the run cannot be recorded as JSON (Do not know how to serialize a BigInt)"));
    const malformed = await testCommand(big, { input: {}, principal: { id: "u1", permissions: "a b" } as never });
    expect(() => recordTrace(malformed)).toThrow(new TypeError("recordTrace(big.run): the run does not fit a trace recording: /principal/permissions must be array"));
  });

  it("rejects a malformed recording and a recording of another operation", async () => {
    await expect(replayTrace(registerCustomer, { schemaVersion: 2 })).rejects.toThrow("Invalid value:");
    await expect(replayTrace(getCustomer, await recorded())).rejects.toThrow("replayTrace: the recording is of customers.register, not customers.get");
  });
});
