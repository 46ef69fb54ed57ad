// An output or a declared error's details holding a `toJSON` (a Date, an ORM entity) is checked
// as JSON.stringify sends it too: its own keys passing a closed schema is not enough.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApplication, defineContract, defineFeature, defineQuery, s, type AnySchema, type DefectReport } from "../index.js";
import { thingWorld } from "../test-support/things.js";

/** An entity as an ORM gives it: its own keys fit `{ id }`, its JSON form adds a secret. */
class Row {
  readonly id: string;
  declare readonly secret: string;
  constructor(id: string) {
    this.id = id;
    Object.defineProperty(this, "secret", { value: "hunter2" }); // not enumerable: Ajv never sees it
  }
  toJSON() {
    return { id: this.id, secret: this.secret };
  }
}

describe("dispatch checks what JSON.stringify makes of a value holding a toJSON", () => {
  it("answers INVALID_OUTPUT for output whose own keys fit its closed schema but whose toJSON adds one", async () => {
    const { app } = thingWorld(({ input }) => new Row(input.id));
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make returned output whose JSON form breaks its schema",
        details: { issues: [{ code: "unknown_property", path: "/secret", message: "is not allowed (unknown property)" }] },
      },
    });
  });

  it("finds a toJSON deep in the value, and checks declared error details the same way", async () => {
    const app = logApp(s.object({ rows: s.array(s.object({ id: s.string() })) }), () => ({ rows: [{ id: "r0" }, new Row("r1")] }));
    expect(await app.dispatch("log.latest", {})).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "log.latest returned output whose JSON form breaks its schema",
        details: { issues: [{ code: "unknown_property", path: "/rows/1/secret", message: "is not allowed (unknown property)" }] },
      },
    });
    // An own toJSON that is not enumerable: invisible to the schema, called by JSON.stringify.
    const { app: things } = thingWorld(({ input, fail }) => fail("DUMMY", Object.defineProperty({ id: input.id }, "toJSON", { value: () => ({ id: 1 }) })));
    expect(await things.dispatch("things.make", { id: "t1" })).toEqual({
      ok: false,
      error: {
        code: "INVALID_OUTPUT",
        message: "things.make failed with DUMMY details whose JSON form breaks its schema",
        details: { code: "DUMMY", issues: [{ code: "invalid_type", path: "/id", message: "must be string" }] },
      },
    });
  });

  it("keeps a value whose JSON form fits as it is: validated, not rebuilt", async () => {
    const value = { at: new Date("2026-12-01T10:00:00.000Z"), rows: [{ id: "r1" }] };
    const app = logApp(s.object({ at: s.unknown(), rows: s.array(s.object({ id: s.string() })) }), () => value);
    const outcome = await app.dispatch("log.latest", {});
    expect(outcome).toEqual({ ok: true, value, events: [] });
    expect(outcome.ok && outcome.value).toBe(value);
  });

  it("answers DEFECT, reporting the cause, when a toJSON throws", async () => {
    const defects: DefectReport[] = [];
    const failure = new Error("toJSON exploded");
    const { app } = thingWorld(
      ({ input }) =>
        Object.defineProperty({ id: input.id }, "toJSON", {
          value: () => {
            throw failure;
          },
        }),
      {},
      { onDefect: (report) => defects.push(report) },
    );
    expect(await app.dispatch("things.make", { id: "t1" })).toEqual({ ok: false, error: { code: "DEFECT", message: "things.make failed unexpectedly" } });
    expect(defects).toEqual([{ operation: "things.make", cause: failure }]);
  });

  it("leaves a foreign output schema to decide on the value it returns (z.date() accepts a Date, whose JSON is a string)", async () => {
    const at = new Date("2026-12-01T10:00:00.000Z");
    const app = logApp(z.object({ at: z.date() }), () => ({ at }));
    expect(await app.dispatch("log.latest", {})).toEqual({ ok: true, value: { at }, events: [] });
  });
});

/** An application of one query, `log.latest`, answering what `execute` returns. */
function logApp(output: AnySchema, execute: () => unknown) {
  const latest = defineQuery({ id: "log.latest", input: s.object({}), output, execute: execute as never });
  return createApplication({ features: [defineFeature({ id: "log", contract: defineContract({ id: "log" }), operations: [latest] })], adapters: [] });
}
