// A small world for boundary tests: one port with a read, a write and an external call.
import {
  createApplication,
  defineCommand,
  defineContract,
  defineEvent,
  defineFeature,
  definePort,
  implementPort,
  portOperation,
  s,
  type DefectReport,
  type ExecuteContext,
} from "../index.js";

export const Thing = s.object({ id: s.string(), size: s.integer({ minimum: 0 }) });
export const Things = definePort({
  id: "things",
  operations: {
    load: portOperation({ id: "things.load", kind: "read", input: s.string(), output: Thing }),
    store: portOperation({ id: "things.store", kind: "write", input: Thing, output: s.literal(null) }),
    ping: portOperation({ id: "things.ping", kind: "external", output: s.literal("pong") }),
  },
});
export const ThingMade = defineEvent({ id: "things.made", version: 2, payload: s.object({ id: s.string() }) });
export const ThingGone = defineEvent({ id: "things.gone", version: 1, payload: s.object({ id: s.string() }) });
export const thingsContract = defineContract({ id: "things", ports: [Things], events: [ThingMade, ThingGone] });
const MakeInput = s.object({ id: s.string() });
const makeEffects = { load: Things.load, store: Things.store };
const makeEvents = { made: ThingMade };
export type MakeContext = ExecuteContext<typeof MakeInput, { DUMMY: typeof MakeInput }, typeof makeEffects, typeof makeEvents>;
export type ThingHandlers = Partial<Parameters<typeof implementPort<typeof Things>>[1]>;

/**
 * The application of one command, `things.make`, running `execute` against the Things port;
 * `calls` logs what reached the adapter, `defects` what reached the defect hook.
 */
export function thingWorld(
  execute: (context: MakeContext) => unknown,
  handlers: ThingHandlers = {},
  options: { readonly timeoutMs?: number; readonly onDefect?: (report: DefectReport) => void } = {},
) {
  const calls: string[] = [];
  const adapter = implementPort(Things, {
    load: (id) => {
      calls.push(`load ${id}`);
      return { id, size: 1 };
    },
    store: (thing) => {
      calls.push(`store ${thing.id}`);
      return null;
    },
    ping: () => {
      calls.push("ping");
      return "pong" as const;
    },
    ...handlers,
  });
  const command = defineCommand({
    id: "things.make",
    input: MakeInput,
    output: s.object({ id: s.string() }),
    errors: { DUMMY: MakeInput },
    effects: makeEffects,
    emits: makeEvents,
    execute: execute as never,
  });
  const defects: DefectReport[] = [];
  const feature = defineFeature({ id: "things", contract: thingsContract, operations: [command] });
  const app = createApplication({ features: [feature], adapters: [adapter], onDefect: (report) => defects.push(report), ...options });
  return { app, calls, defects, command };
}
