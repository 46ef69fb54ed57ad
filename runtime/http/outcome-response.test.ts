// How agentix/http answers an outcome, for the codes and messages an operation chooses itself.
import { describe, expect, it, vi } from "vitest";
import { createApplication, defineCommand, defineContract, defineFeature, s } from "../index.js";
import { createHttpHandler, route, type RouteOptions } from "./index.js";

/** A command failing with the declared error its input names; every code is declared. */
function failing(codes: readonly string[], routeOptions: RouteOptions = {}, errorStatus?: Record<string, number>) {
  const errors = Object.fromEntries(codes.map((code) => [code, s.object({ why: s.string() })]));
  const op = defineCommand({
    id: "odd.fail",
    input: s.object({ code: s.string() }),
    output: s.object({}),
    errors,
    execute: ({ input, fail }) => (fail as (code: string, details: unknown) => never)(input.code, { why: "declared" }),
  });
  const app = createApplication({ features: [defineFeature({ id: "odd", contract: defineContract({ id: "odd" }), operations: [op] })], adapters: [] });
  const onError = vi.fn();
  const handler = createHttpHandler(app, { routes: [route("POST", "/fail", "odd.fail", routeOptions)], principal: () => null, onError, ...(errorStatus ? { errorStatus } : {}) });
  return async (code: string) => {
    const response = await handler(new Request("http://local/fail", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) }));
    return { status: response.status, body: (await response.json()) as unknown, onError: onError.mock.calls.length };
  };
}

const declared = (status: number, code: string) => ({ status, body: { error: { code, message: `odd.fail failed with ${code}.`, details: { why: "declared" } } }, onError: 0 });

describe("declared error codes named like Object.prototype members", () => {
  const codes = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"];

  it("answer as any declared error: 422 and the envelope, never a 500", async () => {
    const send = failing(codes);
    for (const code of codes) expect(await send(code)).toEqual(declared(422, code));
  });

  it("take the status the route or the handler gives them, and only that", async () => {
    const send = failing(codes, { errors: { toString: 409, ["__proto__"]: 451 } }, { valueOf: 410, toString: 418 });
    expect([await send("toString"), await send("__proto__"), await send("valueOf"), await send("constructor")]).toEqual([
      declared(409, "toString"),
      declared(451, "__proto__"),
      declared(410, "valueOf"),
      declared(422, "constructor"),
    ]);
  });
});

describe("a declared error's message", () => {
  it("falls back to the sentence when fail was given a message that is not a string, never a 500", async () => {
    const op = defineCommand({
      id: "m.op",
      input: s.object({ message: s.unknown() }),
      output: s.object({}),
      errors: { NOT_FOUND: s.object({}) },
      execute: ({ input, fail }) => fail("NOT_FOUND", {}, input.message as string),
    });
    const app = createApplication({ features: [defineFeature({ id: "m", contract: defineContract({ id: "m" }), operations: [op] })], adapters: [] });
    const onError = vi.fn();
    const handler = createHttpHandler(app, { routes: [route("POST", "/op", "m.op", { errors: { NOT_FOUND: 404 } })], principal: () => null, onError });
    const send = async (message: unknown) => {
      const response = await handler(new Request("http://local/op", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message }) }));
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const fallback = { status: 404, body: { error: { code: "NOT_FOUND", message: "m.op failed with NOT_FOUND.", details: {} } } };
    expect([await send({ text: "not a string" }), await send(42), await send(["a"])]).toEqual([fallback, fallback, fallback]);
    expect(await send("No such thing.")).toEqual({ status: 404, body: { error: { code: "NOT_FOUND", message: "No such thing.", details: {} } } });
    expect(onError).not.toHaveBeenCalled();
  });
});
