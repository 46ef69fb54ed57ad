import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { createApplication, defineCommand, defineContract, defineEvent, defineFeature, implementPort, s, type DefectReport } from "../index.js";
import { sleep, watchProcess } from "../test-support/process-watch.js";
import { Things, thingWorld, type MakeContext } from "../test-support/things.js";

/** A foreign (Standard Schema) validator whose `validate` answers what `answer` gives. */
function foreign(answer: () => unknown): StandardSchemaV1<unknown, unknown> {
  return { "~standard": { version: 1, vendor: "test", validate: answer as never } };
}

const diskFull = {
  store: () => {
    throw new Error("disk full");
  },
};

type Leaked = { effects: MakeContext["effects"]; emit: MakeContext["emit"] };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the fault latch cannot be bypassed", () => {
  it("keeps an adapter's DEFECT when the onDefect hook throws and execute catches what it is given", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const hookError = new Error("hook is broken");
    let caught: unknown;
    const { app } = thingWorld(
      async ({ input, effects }) => {
        try {
          await effects.store({ id: input.id, size: 1 });
        } catch (error) {
          caught = error;
        }
        return { id: input.id };
      },
      diskFull,
      {
        onDefect: () => {
          throw hookError;
        },
      },
    );
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "the adapter for things.store threw", details: { portOperation: "things.store", phase: "adapter" } },
    });
    expect(caught).toMatchObject({ name: "BoundaryFault", code: "DEFECT" });
    expect(consoleError.mock.calls).toEqual([["[agentix] the onDefect hook threw while reporting a defect in things.make:", hookError]]);
  });

  it("answers DEFECT, never a rejection, when the hook throws or rejects while reporting an exception of execute", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const hooks = [
      () => {
        throw new Error("hook is broken");
      },
      () => Promise.reject(new Error("async hook is broken")) as never,
    ];
    for (const onDefect of hooks) {
      const { app } = thingWorld(
        () => {
          throw new Error("bug");
        },
        {},
        { onDefect },
      );
      expect(await app.dispatch("things.make", { id: "t1" })).toEqual({ ok: false, error: { code: "DEFECT", message: "things.make failed unexpectedly" } });
    }
    await sleep(0);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });
});

describe("late use of a revoked context never crashes the process", () => {
  it("refuses a leaked effect called from a timer: no unhandled rejection, reported, never at the adapter", async () => {
    let leaked: Leaked | undefined;
    const { app, calls, defects } = thingWorld(({ input, effects, emit }) => {
      leaked = { effects, emit };
      return { id: input.id };
    });
    const watched = await watchProcess(async () => {
      const outcome = await app.dispatch("things.make", { id: "t1" });
      setTimeout(() => {
        void leaked?.effects.load("t2");
      }, 5);
      return outcome;
    });
    expect(watched).toEqual({ result: { ok: true, value: { id: "t1" }, events: [] }, unhandled: [], uncaught: [] });
    expect(calls).toEqual([]);
    expect(defects).toEqual([
      {
        operation: "things.make",
        portOperation: "things.load",
        cause: expect.objectContaining({ code: "UNDECLARED_EFFECT", message: 'effect "load" was used after things.make settled; its context is revoked' }),
      },
    ]);
  });

  it("drops a late emit from a timer without throwing into it, and reports it", async () => {
    let leaked: Leaked | undefined;
    const { app, defects } = thingWorld(({ input, effects, emit }) => {
      leaked = { effects, emit };
      return { id: input.id };
    });
    const watched = await watchProcess(async () => {
      const outcome = await app.dispatch("things.make", { id: "t1" });
      setTimeout(() => leaked?.emit.made({ id: "late" }), 5);
      setTimeout(() => (leaked?.emit as unknown as { gone(payload: unknown): void }).gone({ id: "undeclared and late" }), 5);
      return outcome;
    });
    expect(watched).toEqual({ result: { ok: true, value: { id: "t1" }, events: [] }, unhandled: [], uncaught: [] });
    expect(defects.map((defect: DefectReport) => (defect.cause as Error).message)).toEqual([
      'event "made" was used after things.make settled; its context is revoked',
      'event "gone" was used after things.make settled; its context is revoked',
    ]);
  });

  it("survives an un-awaited promise chain that outlives its dispatch and uses the context at its end", async () => {
    const { app, calls, defects } = thingWorld(({ input, effects, emit }) => {
      void sleep(5)
        .then(() => sleep(1))
        .then(() => {
          void effects.store({ id: "late", size: 1 });
          emit.made({ id: "late" });
        });
      return { id: input.id };
    });
    const watched = await watchProcess(() => app.dispatch("things.make", { id: "t1" }));
    expect(watched).toEqual({ result: { ok: true, value: { id: "t1" }, events: [] }, unhandled: [], uncaught: [] });
    expect(calls).toEqual([]);
    expect(defects.map((defect) => [defect.portOperation, (defect.cause as { code: string }).code])).toEqual([
      ["things.store", "UNDECLARED_EFFECT"],
      [undefined, "UNDECLARED_EFFECT"],
    ]);
  });

  it("still rejects a late effect for a caller that awaits it", async () => {
    let leaked: Leaked | undefined;
    const { app } = thingWorld(({ input, effects, emit }) => {
      leaked = { effects, emit };
      return { id: input.id };
    });
    await app.dispatch("things.make", { id: "t1" });
    await expect(leaked?.effects.load("t2")).rejects.toMatchObject({ code: "UNDECLARED_EFFECT" });
  });

  it("never leaves an unhandled rejection for an effect refused after a latched fault and not awaited", async () => {
    const { app } = thingWorld(async ({ input, effects }) => {
      await effects.store({ id: input.id, size: 1 }).catch(() => null);
      void effects.load("after the fault");
      void (effects as unknown as { ping(): Promise<unknown> }).ping();
      return { id: input.id };
    }, diskFull);
    const watched = await watchProcess(() => app.dispatch("things.make", { id: "t1" }));
    expect(watched).toMatchObject({ result: { ok: false, error: { code: "DEFECT" } }, unhandled: [], uncaught: [] });
  });

  it("makes a leaked effect used inside another dispatch that dispatch's UNDECLARED_EFFECT", async () => {
    let leaked: Leaked | undefined;
    const first = thingWorld(({ input, effects, emit }) => {
      leaked = { effects, emit };
      return { id: input.id };
    });
    await first.app.dispatch("things.make", { id: "t1" });
    const second = thingWorld(async ({ input }) => {
      await leaked?.effects.load(input.id);
      return { id: input.id };
    });
    expect(await second.app.dispatch("things.make", { id: "t2" })).toEqual({
      ok: false,
      error: { code: "UNDECLARED_EFFECT", message: 'effect "load" was used after things.make settled; its context is revoked', details: { effect: "load" } },
    });
    expect([first.calls, second.calls, second.defects]).toEqual([[], [], []]);
  });
});

describe("validators that throw or reject are outcomes", () => {
  it("answers a rejecting foreign event validator with DEFECT and still revokes the context", async () => {
    const Rejected = defineEvent({ id: "things.made", version: 2, payload: foreign(() => Promise.reject(new Error("validator down"))) });
    let leaked: { load(id: string): Promise<unknown> } | undefined;
    const make = defineCommand({
      id: "things.make",
      input: s.object({ id: s.string() }),
      output: s.object({ id: s.string() }),
      effects: { load: Things.load },
      emits: { made: Rejected },
      execute: ({ input, effects, emit }) => {
        leaked = effects;
        emit.made({ id: input.id });
        return { id: input.id };
      },
    });
    const defects: DefectReport[] = [];
    const feature = defineFeature({ id: "things", contract: defineContract({ id: "things", ports: [Things], events: [Rejected] }), operations: [make] });
    const calls: string[] = [];
    const adapter = implementPort(Things, { load: (id) => (calls.push(id), { id, size: 1 }), store: () => null, ping: () => "pong" as const });
    const app = createApplication({ features: [feature], adapters: [adapter], onDefect: (report) => defects.push(report) });
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "the payload validator of things.made failed", details: { event: "things.made", phase: "validator" } },
    });
    expect(defects.map((defect) => (defect.cause as Error).message)).toEqual(["validator down"]);
    await expect(leaked?.load("t2")).rejects.toMatchObject({ code: "UNDECLARED_EFFECT" });
    expect(calls).toEqual([]);
  });

  it("answers a throwing or rejecting foreign input validator with DEFECT", async () => {
    for (const validate of [
      () => {
        throw new Error("validator threw");
      },
      () => Promise.reject(new Error("validator rejected")),
      () => null,
    ]) {
      const op = defineCommand({ id: "odd.run", input: foreign(validate), output: s.literal(null), execute: () => null });
      const defects: DefectReport[] = [];
      const app = createApplication({
        features: [defineFeature({ id: "odd", contract: defineContract({ id: "odd" }), operations: [op] })],
        adapters: [],
        onDefect: (report) => defects.push(report),
      });
      expect(await app.dispatch("odd.run", {})).toEqual({ ok: false, error: { code: "DEFECT", message: "odd.run failed unexpectedly" } });
      expect(defects).toHaveLength(1);
    }
  });
});
