import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCommand, s } from "../../index.js";
import { CustomerStore, registerCustomer } from "../../test-support/customers.js";
import { memoryPort, sequentialIds, type OperationRun } from "../index.js";
import { checkOperation, NoArbitrary } from "./index.js";
import { failureOf } from "./test-support/failure-of.js";

const freeNames = () => [memoryPort(CustomerStore, { findByName: { always: null } }), sequentialIds()];

describe("checkOperation", () => {
  it("dispatches every generated valid input with fresh adapters, and the property sees each run", async () => {
    const runs: OperationRun<typeof registerCustomer>[] = [];
    let made = 0;
    await checkOperation(registerCustomer, {
      runs: 25,
      adapters: () => {
        made++;
        return freeNames();
      },
      property: (run) => {
        runs.push(run);
        return run.outcome.ok;
      },
    });
    expect([runs.length, made]).toEqual([25, 25]);
    for (const run of runs) {
      expect(run.outcome).toEqual({
        ok: true,
        value: { id: "cus_1", name: (run.input as { name: string }).name, status: "active" },
        events: [{ event: "customers.registered", version: 1, payload: { customerId: "cus_1" } }],
      });
      expect(run.trace.effects.map((effect) => effect.operation)).toEqual(["customers.store.findByName", "ids.next", "customers.store.save"]);
    }
  });

  it("reports the shrunk input and the outcome when the property returns false", async () => {
    const taken = () => [
      memoryPort(CustomerStore, { findByName: (name) => (name.length > 3 ? { id: "cus_1", name, status: "active" } : null) }),
      sequentialIds(),
    ];
    const failure = await failureOf(() => checkOperation(registerCustomer, { seed: 7, adapters: taken, property: (run) => run.outcome.ok }));
    expect(failure.counterexample).toEqual({ name: "    " });
    expect(failure.message).toBe(
      [
        "checkOperation(customers.register): the property fails for this input (found after 1 run, shrunk 6 times):",
        '{"name":"    "}',
        'Error: the property returned false for the outcome {"ok":false,"error":{"code":"NAME_TAKEN","details":{"name":"    "}}}',
        `Replay it with the options { seed: 7, path: ${JSON.stringify(failure.path)} }.`,
      ].join("\n"),
    );
  });

  it('finds the input that makes an adapter fault ("never a DEFECT")', async () => {
    const fragile = () => [
      memoryPort(CustomerStore, {
        findByName: { always: null },
        save: (customer) => {
          if (customer.name.includes("!")) throw new Error("disk full");
          return null;
        },
      }),
      sequentialIds(),
    ];
    const failure = await failureOf(() =>
      checkOperation(registerCustomer, {
        seed: 1,
        runs: 500,
        adapters: fragile,
        property: (run) => {
          expect(run.outcome.ok || run.outcome.error.code !== "DEFECT").toBe(true);
        },
      }),
    );
    // fast-check shrinks it this far (removing the space as well is beyond its string shrinker).
    expect(failure.counterexample).toEqual({ name: "! " });
    expect(failure.message.split("\n")[2]).toBe("AssertionError: expected false to be true // Object.is equality");
  });

  it("fails on a fake with no answer, naming it, rather than calling it a counterexample of the operation", async () => {
    const failure = await failureOf(() => checkOperation(registerCustomer, { runs: 5, adapters: () => [memoryPort(CustomerStore), sequentialIds()], property: () => true }));
    expect(failure.message.split("\n")[2]).toBe(
      "MissingFakeData: memoryPort(customers.store): no handler or stored data for customers.store.findByName; pass one in memoryPort(customers.store, { findByName: ... })",
    );
  });

  it("runs as the principal given, or with the permissions given", async () => {
    const codes = new Set<string>();
    await checkOperation(registerCustomer, { runs: 10, principal: null, adapters: freeNames, property: (run) => void codes.add(run.outcome.ok ? "ok" : run.outcome.error.code) });
    await checkOperation(registerCustomer, { runs: 10, permissions: [], adapters: freeNames, property: (run) => void codes.add(run.outcome.ok ? "ok" : run.outcome.error.code) });
    expect([...codes]).toEqual(["FORBIDDEN"]);
  });

  it("asks for an input arbitrary when the input schema is a foreign validator, and uses one when given", async () => {
    const echo = defineCommand({ id: "echo.say", input: z.object({ text: z.string() }), output: s.string(), execute: ({ input }) => input.text });
    await expect(checkOperation(echo, { adapters: [], property: () => true })).rejects.toThrow(
      new NoArbitrary(
        "checkOperation(echo.say): the input schema: a zod schema is not an s.* schema, and agentix generates values only from s.* schemas; give an arbitrary yourself: checkOperation(echo.say, { input: <fast-check arbitrary>, ... })",
      ),
    );
    await checkOperation(echo, {
      input: fc.record({ text: fc.string() }),
      adapters: [],
      property: (run) => expect(run.outcome).toEqual({ ok: true, value: (run.input as { text: string }).text, events: [] }),
    });
  });

  it("refuses what is not an operation, and options it cannot use", async () => {
    await expect(checkOperation(null as never, { adapters: [], property: () => true })).rejects.toThrow(
      new TypeError("checkOperation: expected an operation from defineCommand(...) or defineQuery(...)"),
    );
    await expect(checkOperation(registerCustomer, { adapters: [] } as never)).rejects.toThrow("checkOperation(customers.register): property must be a function of the run");
    await expect(checkOperation(registerCustomer, { adapters: "none", property: () => true } as never)).rejects.toThrow(
      "checkOperation(customers.register): adapters must be an array of adapters or a function that makes them",
    );
  });
});
