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
