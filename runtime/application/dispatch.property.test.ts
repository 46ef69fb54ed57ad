import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApplication, defineCommand, defineFeature, frameworkErrorCodes, implementPort, s } from "../index.js";
import { watchProcess } from "../test-support/process-watch.js";
import { ThingMade, Things, thingsContract } from "../test-support/things.js";

const never = () => new Promise<never>(() => {});

/** What an adapter handler may do, hostile or merely broken. */
const adapterBehaviours = {
  answers: (id: unknown) => ({ id, size: 1 }),
  throws: () => {
    throw new Error("adapter down");
  },
  throwsNonError: () => {
    throw "a string";
  },
  rejects: () => Promise.reject(new Error("adapter down")),
  wrongShape: () => ({ id: 42, size: "big", extra: true }),
  undefined: () => undefined,
  neverSettles: never,
  thenableNeverCalls: () => ({ then() {} }),
  thenableThrows: () => ({
    then() {
      throw new Error("then threw");
    },
  }),
  hostileGetter: () =>
    new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    ),
} as const;

/** What an operation's execute may do with its context. */
type Context = {
  input: { id: string };
  effects: { load(id: string): Promise<unknown>; store(thing: unknown): Promise<unknown> };
  emit: { made(payload: unknown): void };
  fail(code: string, details: unknown): unknown;
};
const executeBehaviours: Record<string, (context: Context) => unknown> = {
  awaitsLoad: async ({ input, effects }) => {
    await effects.load(input.id);
    return { id: input.id };
  },
  catchesEverything: async ({ input, effects }) => {
    await effects.load(input.id).catch(() => null);
    await effects.store({ id: input.id, size: 1 }).catch(() => null);
    return { id: input.id };
  },
  forgetsToAwait: ({ input, effects }) => {
    void effects.load(input.id);
    return { id: input.id };
  },
  leaksLate: ({ input, effects, emit }) => {
    setTimeout(() => {
      void effects.store({ id: "late", size: 1 });
      emit.made({ id: "late" });
    }, 1);
    return { id: input.id };
  },
  emitsBadPayload: ({ input, emit }) => {
    emit.made({ id: 7 });
    return { id: input.id };
  },
  usesUndeclared: async ({ input, effects }) => {
    await (effects as unknown as { ping(): Promise<unknown> }).ping();
    return { id: input.id };
  },
  throws: () => {
    throw new Error("bug");
  },
  returnsWrongOutput: () => ({ nope: true }),
  failsDeclared: ({ input, fail }) => fail("DUMMY", { id: input.id }),
  failsUndeclared: ({ fail }) => fail("NOPE", {}),
  neverSettles: never,
};

// Weighted so that most runs get past the boundary checks and exercise execute and the adapter.
const principals = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  { arbitrary: fc.constant({ id: "u1", permissions: ["things:make"] }), weight: 8 },
  fc.record({
    id: fc.oneof(fc.string(), fc.anything()),
    permissions: fc.oneof(fc.array(fc.string()), fc.constant("things:make things:read"), fc.constant(["things:make"]), fc.anything()),
  }),
  fc.record({ id: fc.constant("u1"), permissions: fc.constant(["things:make"]), roles: fc.anything() }),
  fc.anything(),
);
const inputs = fc.oneof({ arbitrary: fc.record({ id: fc.string() }), weight: 4 }, fc.anything());
const options = (principal: unknown) =>
  fc.oneof(
    fc.constant({ principal, timeoutMs: 5 }),
    fc.constant({ principal, timeoutMs: 5, trace: true }),
    fc.constant({ principal, signal: AbortSignal.timeout(5) }),
  );

function world(adapter: keyof typeof adapterBehaviours, execute: string) {
  const make = defineCommand({
    id: "things.make",
    input: s.object({ id: s.string() }),
    output: s.object({ id: s.string() }),
    errors: { DUMMY: s.object({ id: s.string() }) },
    permissions: ["things:make"],
    effects: { load: Things.load, store: Things.store },
    emits: { made: ThingMade },
    execute: executeBehaviours[execute] as never,
  });
  const handler = adapterBehaviours[adapter] as (input: unknown) => never;
  return createApplication({
    features: [defineFeature({ id: "things", contract: thingsContract, operations: [make] })],
    adapters: [implementPort(Things, { load: handler, store: handler, ping: () => "pong" as const })],
    onDefect: () => {},
  });
}

const codes = new Set<string>([...frameworkErrorCodes, "DUMMY"]);

describe("dispatch never rejects", () => {
  it("resolves to an outcome for arbitrary principals, inputs, adapter behaviours and executes, and never disturbs the process", async () => {
    const watched = await watchProcess(() =>
      fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...(Object.keys(adapterBehaviours) as (keyof typeof adapterBehaviours)[])),
          fc.constantFrom(...Object.keys(executeBehaviours)),
          principals.chain((principal) => options(principal)),
          inputs,
          async (adapter, execute, dispatchOptions, input) => {
            const app = world(adapter, execute);
            let outcome: unknown;
            try {
              outcome = await app.dispatchUntyped("things.make", input, dispatchOptions as never);
            } catch (error) {
              throw new Error(`dispatch rejected: ${String(error)}`);
            }
            expect(outcome).toMatchObject({ ok: expect.any(Boolean) });
            const result = outcome as { ok: boolean; error?: { code: string } };
            if (!result.ok) expect(codes.has(result.error?.code ?? "")).toBe(true);
          },
        ),
        { numRuns: 200 },
      ),
    );
    expect([watched.unhandled, watched.uncaught]).toEqual([[], []]);
  });
});
