// The outcome's events are exactly the payloads that were validated: a copy taken when each was
// emitted, which the caller's object can no longer change.
import { describe, expect, it } from "vitest";
import { sleep } from "../test-support/process-watch.js";
import { thingWorld } from "../test-support/things.js";

describe("an emitted payload is copied, and the copy is checked and kept", () => {
  it("keeps the payload as it was emitted when the caller's object changes afterwards, now or later", async () => {
    let payload: { id: string; extra?: boolean } | undefined;
    const { app } = thingWorld(({ input, emit }) => {
      payload = { id: input.id };
      emit.made(payload);
      payload.id = "changed";
      payload.extra = true;
      return { id: input.id };
    });
    const made = [{ event: "things.made", version: 2, payload: { id: "t1" } }];
    const outcome = await app.dispatch("things.make", { id: "t1" }, { trace: true });
    expect(outcome).toEqual({ ok: true, value: { id: "t1" }, events: made, trace: { operation: "things.make", effects: [], events: made } });
    (payload as { id: string }).id = "changed again, after the dispatch settled";
    await sleep(1);
    expect(outcome.ok && outcome.events).toEqual(made);
  });

  it("reads a getter once: the value checked is the value kept", async () => {
    let reads = 0;
    const { app } = thingWorld(({ input, emit }) => {
      emit.made({
        get id() {
          return ++reads === 1 ? input.id : (42 as never);
        },
      });
      return { id: input.id };
    });
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(outcome).toEqual({ ok: true, value: { id: "t1" }, events: [{ event: "things.made", version: 2, payload: { id: "t1" } }] });
    expect([reads, Object.getOwnPropertyDescriptor(outcome.ok && outcome.events[0]?.payload, "id")]).toEqual([
      1,
      { value: "t1", writable: true, enumerable: true, configurable: true },
    ]);
  });

  it("keeps data only: an entity's prototype, and the toJSON on it, are left behind", async () => {
    class Made {
      constructor(readonly id: string) {}
      toJSON() {
        return { id: this.id, secret: "hunter2" };
      }
    }
    const { app } = thingWorld(({ input, emit }) => {
      emit.made(new Made(input.id));
      return { id: input.id };
    });
    const outcome = await app.dispatch("things.make", { id: "t1" });
    expect(JSON.stringify(outcome)).toBe('{"ok":true,"value":{"id":"t1"},"events":[{"event":"things.made","version":2,"payload":{"id":"t1"}}]}');
  });

  it("answers INVALID_OUTPUT for a payload that is not data structuredClone can copy", async () => {
    const { app } = thingWorld(({ input, emit }) => {
      emit.made({ id: input.id, callback: () => input.id } as never);
      return { id: input.id };
    });
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make emitted things.made with a payload that is not data (structuredClone cannot copy it: a function, a symbol, a proxy, ...)",
        details: { event: "things.made" },
      },
    });
  });
});
