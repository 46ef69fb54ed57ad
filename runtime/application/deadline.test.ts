import { describe, expect, it, vi } from "vitest";
import { ApplicationDefinitionError, createApplication, defineCommand, defineContract, defineFeature, implementPort, s, type DefectReport } from "../index.js";
import type { HandlerContext } from "../descriptors/port-operation.js";
import { sleep, watchProcess } from "../test-support/process-watch.js";
import { Things, thingWorld } from "../test-support/things.js";

const never = () => new Promise<never>(() => {});

describe("deadlines: a dispatch always settles", () => {
  it("answers TIMEOUT at the application's timeoutMs when execute never settles", async () => {
    const { app } = thingWorld(() => never(), {}, { timeoutMs: 20 });
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "TIMEOUT", message: "things.make did not finish within 20 ms", details: { timeoutMs: 20 } },
    });
  });

  it("answers TIMEOUT at the dispatch's timeoutMs when an adapter never settles, and aborts the adapter's signal", async () => {
    const signals: AbortSignal[] = [];
    const { app } = thingWorld(
      async ({ input, effects }) => {
        await effects.load(input.id);
        return { id: input.id };
      },
      {
        load: (_id: string, { signal }: HandlerContext) => {
          signals.push(signal);
          return never();
        },
      },
    );
    const outcome = await app.dispatch("things.make", { id: "t1" }, { timeoutMs: 15, trace: true });
    expect(outcome).toEqual({
      ok: false,
      error: { code: "TIMEOUT", message: "things.make did not finish within 15 ms", details: { timeoutMs: 15 } },
      trace: { operation: "things.make", effects: [{ effect: "load", operation: "things.load", kind: "read", input: "t1" }], events: [] },
    });
    expect(signals).toHaveLength(1);
    expect([signals[0]?.aborted, (signals[0]?.reason as DOMException).name]).toEqual([true, "TimeoutError"]);
  });

  it("answers TIMEOUT for a thenable that never calls back", async () => {
    const { app } = thingWorld(() => ({ then() {} }), {}, { timeoutMs: 10 });
    expect(await app.dispatch("things.make", { id: "t1" })).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
  });

  it("applies the earlier of the application's and the dispatch's deadlines", async () => {
    const slowApp = thingWorld(() => never(), {}, { timeoutMs: 60_000 }).app;
    expect(await slowApp.dispatch("things.make", { id: "t1" }, { timeoutMs: 10 })).toMatchObject({ error: { code: "TIMEOUT", details: { timeoutMs: 10 } } });
    const quickApp = thingWorld(() => never(), {}, { timeoutMs: 10 }).app;
    expect(await quickApp.dispatch("things.make", { id: "t1" }, { timeoutMs: 60_000 })).toMatchObject({ error: { code: "TIMEOUT", details: { timeoutMs: 10 } } });
  });

  it("revokes the context at once and ignores what abandoned effects answer later", async () => {
    let release: (value: { id: string; size: number }) => void = () => {};
    const afterwards: string[] = [];
    const { app, calls, defects } = thingWorld(
      async ({ input, effects }) => {
        try {
          await effects.load(input.id);
        } catch (error) {
          afterwards.push((error as { code: string }).code);
        }
        await effects.store({ id: input.id, size: 2 }).catch((error: { code: string }) => afterwards.push(error.code));
        return { id: input.id };
      },
      {
        load: (id) => {
          calls.push(`load ${id}`);
          return new Promise((resolve) => (release = resolve));
        },
      },
    );
    const watched = await watchProcess(async () => {
      const outcome = await app.dispatch("things.make", { id: "t1" }, { timeoutMs: 10, trace: true });
      release({ id: "t1", size: 1 });
      await sleep(5);
      return outcome;
    });
    expect(watched).toEqual({
      result: {
        ok: false,
        error: { code: "TIMEOUT", message: "things.make did not finish within 10 ms", details: { timeoutMs: 10 } },
        trace: { operation: "things.make", effects: [{ effect: "load", operation: "things.load", kind: "read", input: "t1" }], events: [] },
      },
      unhandled: [],
      uncaught: [],
    });
    // The late answer is ignored (execute sees a rejection), the store never reaches the adapter.
    expect(afterwards).toEqual(["TIMEOUT", "UNDECLARED_EFFECT"]);
    expect(calls).toEqual(["load t1"]);
    expect(defects.map((defect: DefectReport) => (defect.cause as Error).message)).toEqual([
      'effect "store" was used after things.make was abandoned; its context is revoked',
    ]);
  });

  it("answers ABORTED when the caller's signal aborts, and ABORTED at once for a signal already aborted", async () => {
    let started = 0;
    const { app } = thingWorld(() => {
      started++;
      return never();
    });
    const controller = new AbortController();
    const pending = app.dispatch("things.make", { id: "t1" }, { signal: controller.signal });
    controller.abort(new Error("user went away"));
    expect(await pending).toEqual({ ok: false, error: { code: "ABORTED", message: "things.make was aborted by its caller's signal" } });
    expect(await app.dispatch("things.make", { id: "t2" }, { signal: controller.signal })).toEqual({
      ok: false,
      error: { code: "ABORTED", message: "things.make was aborted by its caller's signal" },
    });
    expect(started).toBe(1);
  });

  it("answers TIMEOUT for a signal that aborts with a TimeoutError (AbortSignal.timeout)", async () => {
    const { app } = thingWorld(() => never());
    expect(await app.dispatch("things.make", { id: "t1" }, { signal: AbortSignal.timeout(10) })).toEqual({
      ok: false,
      error: { code: "TIMEOUT", message: "things.make did not finish before its signal timed out" },
    });
  });

  it("never aborts the adapters' signal of a dispatch that settles in time", async () => {
    const seen: AbortSignal[] = [];
    const { app } = thingWorld(
      async ({ input, effects }) => {
        await effects.load(input.id);
        return { id: input.id };
      },
      { load: (id, { signal }) => (seen.push(signal), { id, size: 1 }) },
      { timeoutMs: 10 },
    );
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({ ok: true, value: { id: "t1" }, events: [] });
    await sleep(25);
    expect(seen.map((signal) => signal.aborted)).toEqual([false]);
  });

  it("answers TIMEOUT under fake timers once the fake clock passes the deadline, and not before", async () => {
    vi.useFakeTimers();
    try {
      const { app } = thingWorld(() => never(), {}, { timeoutMs: 60_000 });
      let outcome: unknown;
      void app.dispatch("things.make", { id: "t1" }).then((answer) => (outcome = answer));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toEqual({ ok: false, error: { code: "TIMEOUT", message: "things.make did not finish within 60000 ms", details: { timeoutMs: 60_000 } } });
    } finally {
      vi.useRealTimers();
    }
  });

  // Fake timers: on a loaded machine, real ones let a dispatch start more than 10 ms after the one
  // before it, and its deadline fall after a longer one's (40 answered before 30 in a CI run).
  it("answers TIMEOUT for each of many concurrent dispatches with different deadlines, in deadline order", async () => {
    vi.useFakeTimers();
    try {
      const { app } = thingWorld(() => never());
      const answered: number[] = [];
      const all = Promise.all(
        [40, 10, 30, 20].map(async (timeoutMs) => {
          const outcome = await app.dispatch("things.make", { id: "t1" }, { timeoutMs });
          if (!outcome.ok && outcome.error.code === "TIMEOUT") answered.push(timeoutMs);
        }),
      );
      await vi.advanceTimersByTimeAsync(25);
      expect(answered).toEqual([10, 20]);
      await vi.advanceTimersByTimeAsync(15);
      await all;
      expect(answered).toEqual([10, 20, 30, 40]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives a handler called outside dispatch a signal that never aborts", async () => {
    const adapter = implementPort(Things, {
      load: (id, context) => ({ id, size: context.signal.aborted ? 0 : 1 }),
      store: () => null,
      ping: () => "pong" as const,
    });
    expect(await adapter.handlers.load("t1")).toEqual({ id: "t1", size: 1 });
    expect(await adapter.handlers.ping()).toBe("pong");
  });

  it("answers DEFECT for dispatch options that are not options, and refuses a bad application timeoutMs", async () => {
    const defects: DefectReport[] = [];
    const op = defineCommand({ id: "odd.run", input: s.object({}), output: s.literal(null), execute: () => null });
    const feature = defineFeature({ id: "odd", contract: defineContract({ id: "odd" }), operations: [op] });
    const app = createApplication({ features: [feature], adapters: [], onDefect: (report) => defects.push(report) });
    const cases: [unknown, string][] = [
      [{ timeoutMs: -1 }, "timeoutMs must be a positive number of milliseconds, got -1"],
      [{ timeoutMs: Number.NaN }, "timeoutMs must be a positive number of milliseconds, got NaN"],
      [{ timeoutMs: "50" }, 'timeoutMs must be a positive number of milliseconds, got the string "50"'],
      [{ signal: { aborted: false } }, "signal must be an AbortSignal"],
      ["fast", "the options must be an object, got string"],
    ];
    for (const [options, problem] of cases) {
      expect(await app.dispatch("odd.run", {}, options as never)).toEqual({
        ok: false,
        error: { code: "DEFECT", message: `dispatch of odd.run was given invalid options: ${problem}` },
      });
    }
    expect(defects).toHaveLength(cases.length);
    expect(() => createApplication({ features: [feature], adapters: [], timeoutMs: 0 })).toThrow(ApplicationDefinitionError);
    expect(() => createApplication({ features: [feature], adapters: [], timeoutMs: 0 })).toThrow("timeoutMs must be a positive number of milliseconds, got 0");
  });
});
