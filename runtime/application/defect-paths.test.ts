// Every way a dispatch can end in DEFECT, with the exact outcome (which never carries a cause,
// issues or an exception's text) and the exact report the onDefect hook receives (which always
// does); and, for the record, the faults that are not DEFECTs and are not reported.
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  assertInvariant,
  createApplication,
  defineCommand,
  defineContract,
  defineEvent,
  defineFeature,
  defineInvariant,
  definePort,
  implementPort,
  portOperation,
  s,
  type AnySchema,
  type DefectReport,
} from "../index.js";
import { thingWorld, thingsContract } from "../test-support/things.js";
import { planOperation } from "./operation-plan.js";
import { runOperation } from "./run-operation.js";

/** A foreign (Standard Schema) validator whose `validate` does what `answer` does. */
function foreign(answer: (value: unknown) => unknown): StandardSchemaV1<unknown, unknown> {
  return { "~standard": { version: 1, vendor: "test", validate: answer as never } };
}
const passes = foreign((value) => ({ value }));
const throws = (message: string) =>
  foreign(() => {
    throw new Error(message);
  });
const rejects = (message: string) => foreign(() => Promise.reject(new Error(message)));

/** A report as plain data: the cause's class, name, message and own fields, exactly. */
function described(report: DefectReport): unknown {
  const cause: unknown = report.cause;
  if (!(cause instanceof Error)) return report;
  return { ...report, cause: { class: cause.constructor.name, ...cause, name: cause.name, message: cause.message } };
}

interface Slots {
  readonly portInput?: AnySchema;
  readonly portOutput?: AnySchema;
  readonly input?: AnySchema;
  readonly output?: AnySchema;
  readonly errorDetails?: AnySchema;
  readonly payload?: AnySchema;
}

/** `odd.run`, one effect `get` (odd.port.get) and one event (odd.happened), with the validators given. */
function oddWorld(slots: Slots, execute: (context: { effects: { get(input: unknown): Promise<unknown> }; emit: { happened(payload: unknown): void }; fail: never }) => unknown) {
  const Port = definePort({
    id: "odd.port",
    operations: { get: portOperation({ id: "odd.port.get", kind: "read", input: slots.portInput ?? passes, output: slots.portOutput ?? passes }) },
  });
  const Happened = defineEvent({ id: "odd.happened", version: 1, payload: slots.payload ?? passes });
  const run = defineCommand({
    id: "odd.run",
    input: slots.input ?? passes,
    output: slots.output ?? passes,
    errors: { NOPE: slots.errorDetails ?? passes },
    effects: { get: Port.get },
    emits: { happened: Happened },
    execute: execute as never,
  });
  const reports: DefectReport[] = [];
  const feature = defineFeature({ id: "odd", contract: defineContract({ id: "odd", ports: [Port], events: [Happened] }), operations: [run] });
  const app = createApplication({ features: [feature], adapters: [implementPort(Port, { get: (input) => input })], onDefect: (report) => reports.push(report) });
  return async () => ({ outcome: await app.dispatch("odd.run", {}), reports });
}

/** Dispatches `things.make` with `execute` and the handlers given: the outcome and every report. */
async function things(execute: Parameters<typeof thingWorld>[0], handlers: Parameters<typeof thingWorld>[1] = {}, options: { timeoutMs?: number } = {}) {
  const world = thingWorld(execute, handlers, options);
  return { outcome: await world.app.dispatch("things.make", { id: "t1" }), reports: world.defects };
}

const positive = defineInvariant({ id: "things.positive", dependsOn: [thingsContract], evidence: s.integer(), check: (n) => n > 0 });
const diskFull = () => {
  throw new Error("disk full");
};

interface Row {
  readonly path: string;
  readonly run: () => Promise<{ outcome: unknown; reports: readonly DefectReport[] }>;
  readonly outcome: unknown;
  readonly reports: readonly unknown[];
}

/** The outcome and the report of a value breaking a port operation's schema in things.make. */
function brokenSchema(portOperation: string, phase: "input" | "output", message: string, issuesText: string, issue: object): Pick<Row, "outcome" | "reports"> {
  return {
    outcome: { ok: false, error: { code: "DEFECT", message, details: { portOperation, phase } } },
    reports: [
      {
        operation: "things.make",
        portOperation,
        cause: {
          class: "PortSchemaViolation",
          name: "PortSchemaViolation",
          message: `${message}: ${issuesText}`,
          operation: "things.make",
          portOperation,
          phase,
          issues: [issue],
          omittedIssues: 0,
        },
      },
    ],
  };
}

/** A DEFECT latched as a BoundaryFault at an adapter, reported as its own cause. */
function faultReported(portOperation: string, message: string): Pick<Row, "outcome" | "reports"> {
  const details = { portOperation, phase: "adapter" };
  return {
    outcome: { ok: false, error: { code: "DEFECT", message, details } },
    reports: [{ operation: "things.make", portOperation, cause: { class: "BoundaryFault", name: "BoundaryFault", message, code: "DEFECT", details } }],
  };
}

const defects: readonly Row[] = [
  {
    path: "execute throws",
    run: () =>
      things(() => {
        throw new Error("secret connection string");
      }),
    outcome: { ok: false, error: { code: "DEFECT", message: "things.make failed unexpectedly" } },
    reports: [{ operation: "things.make", cause: { class: "Error", name: "Error", message: "secret connection string" } }],
  },
  {
    path: "execute rejects",
    run: () => things(() => Promise.reject(new Error("secret"))),
    outcome: { ok: false, error: { code: "DEFECT", message: "things.make failed unexpectedly" } },
    reports: [{ operation: "things.make", cause: { class: "Error", name: "Error", message: "secret" } }],
  },
  {
    path: "a failed assertInvariant",
    run: () => things(() => (assertInvariant(positive, -1), { id: "t1" })),
    outcome: { ok: false, error: { code: "DEFECT", message: "invariant things.positive does not hold after things.make", details: { invariant: "things.positive" } } },
    reports: [
      {
        operation: "things.make",
        cause: { class: "InvariantViolation", name: "InvariantViolation", message: 'invariant "things.positive" does not hold', invariant: "things.positive", reason: "check" },
      },
    ],
  },
  {
    path: "an adapter throws",
    run: () => things(async ({ effects }) => (await effects.store({ id: "t1", size: 1 }), { id: "t1" }), { store: diskFull }),
    outcome: { ok: false, error: { code: "DEFECT", message: "the adapter for things.store threw", details: { portOperation: "things.store", phase: "adapter" } } },
    reports: [{ operation: "things.make", portOperation: "things.store", cause: { class: "Error", name: "Error", message: "disk full" } }],
  },
  {
    path: "an adapter rejects",
    run: () => things(async ({ effects }) => (await effects.store({ id: "t1", size: 1 }), { id: "t1" }), { store: () => Promise.reject(new Error("disk full")) }),
    outcome: { ok: false, error: { code: "DEFECT", message: "the adapter for things.store threw", details: { portOperation: "things.store", phase: "adapter" } } },
    reports: [{ operation: "things.make", portOperation: "things.store", cause: { class: "Error", name: "Error", message: "disk full" } }],
  },
  {
    path: "an adapter's result breaks its port operation's output schema",
    run: () => things(async ({ effects }) => (await effects.load("t1"), { id: "t1" }), { load: (id) => ({ id, size: -3 }) }),
    ...brokenSchema("things.load", "output", "the adapter for things.load returned a result that breaks its schema", "/size must be >= 0", { code: "too_small", path: "/size", message: "must be >= 0" }),
  },
  {
    path: "an asynchronous adapter's result breaks its schema (and is caught by execute)",
    run: () => things(async ({ effects }) => (await effects.load("t1").catch(() => null), { id: "t1" }), { load: async () => "not a thing" as never }),
    ...brokenSchema("things.load", "output", "the adapter for things.load returned a result that breaks its schema", "(root) must be object", { code: "invalid_type", path: "", message: "must be object" }),
  },
  {
    path: "the operation calls a port operation with input that breaks its schema",
    run: () => things(async ({ effects }) => (await effects.store({ id: "t1", size: 1.5 }), { id: "t1" })),
    ...brokenSchema("things.store", "input", "things.make called things.store with input that breaks its schema", "/size must be integer", { code: "invalid_type", path: "/size", message: "must be integer" }),
  },
  {
    path: "a port operation's foreign input validator throws",
    run: () => oddWorld({ portInput: throws("input validator down") }, async ({ effects }) => (await effects.get(1), null))(),
    outcome: { ok: false, error: { code: "DEFECT", message: "the input validator of odd.port.get failed", details: { portOperation: "odd.port.get", phase: "input" } } },
    reports: [{ operation: "odd.run", portOperation: "odd.port.get", cause: { class: "Error", name: "Error", message: "input validator down" } }],
  },
  {
    path: "a port operation's foreign output validator rejects",
    run: () => oddWorld({ portOutput: rejects("output validator down") }, async ({ effects }) => (await effects.get(1), null))(),
    outcome: { ok: false, error: { code: "DEFECT", message: "the output validator of odd.port.get failed", details: { portOperation: "odd.port.get", phase: "output" } } },
    reports: [{ operation: "odd.run", portOperation: "odd.port.get", cause: { class: "Error", name: "Error", message: "output validator down" } }],
  },
  {
    path: "an event's foreign payload validator throws",
    run: () => oddWorld({ payload: throws("payload validator down") }, ({ emit }) => (emit.happened({}), null))(),
    outcome: { ok: false, error: { code: "DEFECT", message: "the payload validator of odd.happened failed", details: { event: "odd.happened", phase: "validator" } } },
    reports: [{ operation: "odd.run", event: "odd.happened", cause: { class: "Error", name: "Error", message: "payload validator down" } }],
  },
  {
    path: "the operation's foreign input validator rejects",
    run: () => oddWorld({ input: rejects("input down") }, () => null)(),
    outcome: { ok: false, error: { code: "DEFECT", message: "odd.run failed unexpectedly" } },
    reports: [{ operation: "odd.run", cause: { class: "Error", name: "Error", message: "input down" } }],
  },
  {
    path: "the operation's foreign output validator throws",
    run: () => oddWorld({ output: throws("output down") }, () => null)(),
    outcome: { ok: false, error: { code: "DEFECT", message: "odd.run failed unexpectedly" } },
    reports: [{ operation: "odd.run", cause: { class: "Error", name: "Error", message: "output down" } }],
  },
  {
    path: "a declared error's foreign details validator rejects",
    run: () => oddWorld({ errorDetails: rejects("details down") }, ({ fail }) => (fail as (code: string, details: unknown) => unknown)("NOPE", {}))(),
    outcome: { ok: false, error: { code: "DEFECT", message: "odd.run failed unexpectedly" } },
    reports: [{ operation: "odd.run", cause: { class: "Error", name: "Error", message: "details down" } }],
  },
  {
    path: "invalid dispatch options",
    run: async () => {
      const world = thingWorld(() => ({ id: "t1" }));
      return { outcome: await world.app.dispatch("things.make", { id: "t1" }, { timeoutMs: -1 }), reports: world.defects };
    },
    outcome: { ok: false, error: { code: "DEFECT", message: "dispatch of things.make was given invalid options: timeoutMs must be a positive number of milliseconds, got -1" } },
    reports: [
      {
        operation: "things.make",
        cause: { class: "TypeError", name: "TypeError", message: "dispatch of things.make: timeoutMs must be a positive number of milliseconds, got -1" },
      },
    ],
  },
  {
    path: "execute throws a DEFECT fault another dispatch latched",
    run: async () => {
      let kept: unknown;
      const first = thingWorld(
        async ({ effects }) => {
          await effects.store({ id: "t1", size: 1 }).catch((fault: unknown) => (kept = fault));
          return { id: "t1" };
        },
        { store: diskFull },
      );
      await first.app.dispatch("things.make", { id: "t1" });
      return things(() => {
        throw kept;
      });
    },
    ...faultReported("things.store", "the adapter for things.store threw"),
  },
  {
    path: "no adapter is bound (a harness given no handler)",
    run: async () => {
      const { command } = thingWorld(async ({ effects }) => (await effects.load("t1"), { id: "t1" }));
      const reports: DefectReport[] = [];
      const outcome = await runOperation(planOperation(command, new Map()), { id: "t1" }, undefined, { onDefect: (report) => reports.push(report) });
      return { outcome, reports };
    },
    ...faultReported("things.load", "no adapter is bound for things.load"),
  },
  {
    path: "a dispatch target that cannot be read (a proxy whose traps throw)",
    run: async () => {
      const world = thingWorld(() => ({ id: "t1" }));
      const hostile = new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
        },
      );
      return { outcome: await world.app.dispatch(hostile as never, { id: "t1" } as never), reports: world.defects };
    },
    outcome: { ok: false, error: { code: "DEFECT", message: "the dispatch failed unexpectedly" } },
    reports: [{ operation: "(unknown operation)", cause: { class: "Error", name: "Error", message: "trap" } }],
  },
];

// Not DEFECTs: their outcome says what went wrong (the operation's own contract, or time), and
// no report is made.
const others: readonly Row[] = [
  {
    path: "the operation's output breaks its schema",
    run: () => things(() => ({ id: 7 })),
    outcome: {
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make returned output that breaks its schema",
        details: { issues: [{ code: "invalid_type", path: "/id", message: "must be string" }] },
      },
    },
    reports: [],
  },
  {
    path: "an emitted payload breaks its event's schema",
    run: () => things(({ emit }) => (emit.made({ id: 7 } as never), { id: "t1" })),
    outcome: {
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make emitted things.made with a payload that breaks its schema",
        details: { event: "things.made", issues: [{ code: "invalid_type", path: "/id", message: "must be string" }] },
      },
    },
    reports: [],
  },
  {
    path: "an effect the operation does not declare",
    run: () => things(async ({ effects }) => (await (effects as unknown as { ping(): Promise<unknown> }).ping(), { id: "t1" })),
    outcome: { ok: false, error: { code: "UNDECLARED_EFFECT", message: 'things.make does not declare the effect "ping"', details: { effect: "ping" } } },
    reports: [],
  },
  {
    path: "the deadline passes",
    run: () => things(() => new Promise(() => {}), {}, { timeoutMs: 5 }),
    outcome: { ok: false, error: { code: "TIMEOUT", message: "things.make did not finish within 5 ms", details: { timeoutMs: 5 } } },
    reports: [],
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("every DEFECT reaches onDefect with its cause; the outcome carries none of it", () => {
  it.each(defects.map((row) => [row.path, row] as const))("%s", async (_path, row) => {
    const { outcome, reports } = await row.run();
    expect(outcome).toEqual(row.outcome);
    expect(reports.map(described)).toEqual(row.reports);
  });
});

describe("faults that are not DEFECTs are outcomes only", () => {
  it.each(others.map((row) => [row.path, row] as const))("%s", async (_path, row) => {
    const { outcome, reports } = await row.run();
    expect(outcome).toEqual(row.outcome);
    expect(reports).toEqual(row.reports);
  });
});

describe("the default defect hook", () => {
  it("prints a port schema violation on the console with the port operation and the issues", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const Store = definePort({ id: "books.store", operations: { get: portOperation({ id: "books.store.get", kind: "read", input: s.string(), output: s.object({ title: s.string() }) }) } });
    const read = defineCommand({ id: "books.read", input: s.object({}), output: s.unknown(), effects: { get: Store.get }, execute: ({ effects }) => effects.get("x") });
    const feature = defineFeature({ id: "books", contract: defineContract({ id: "books", ports: [Store] }), operations: [read] });
    const app = createApplication({ features: [feature], adapters: [implementPort(Store, { get: () => ({ title: 42 }) as never })] });
    await app.dispatch("books.read", {});
    expect(consoleError.mock.calls.map(([line, cause]) => [line, String(cause)])).toEqual([
      ["[agentix] DEFECT in books.read (at port operation books.store.get):", "PortSchemaViolation: the adapter for books.store.get returned a result that breaks its schema: /title must be string"],
    ]);
  });
});
