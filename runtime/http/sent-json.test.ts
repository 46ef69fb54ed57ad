// What leaves the server is what the schema allows: a value holding a toJSON is sent as the text
// that was checked, JSON.stringify running once for it.
import { describe, expect, it, vi } from "vitest";
import { createApplication, defineContract, defineFeature, defineQuery, s } from "../index.js";
import { createHttpHandler, route } from "./index.js";

const User = s.object({ id: s.string(), name: s.string() });

/** An entity as an ORM gives it: its own keys are `{ id, name }`, its JSON form adds the hash. */
class UserRow {
  readonly id = "u1";
  readonly name = "Ada";
  declare readonly passwordHash: string;
  constructor() {
    Object.defineProperty(this, "passwordHash", { value: "$2b$10$secret" });
  }
  toJSON() {
    return { id: this.id, name: this.name, passwordHash: this.passwordHash };
  }
}

/** Fits the schema the first time JSON.stringify calls it, not the second: dispatch's check alone would let it through. */
function fickle(calls: { count: number }, fits: (call: number) => boolean) {
  return Object.defineProperty({ id: "u1", name: "Ada" }, "toJSON", {
    value: () => {
      const call = ++calls.count;
      return fits(call) ? { id: "u1", name: `Ada ${call}` } : { id: "u1", name: "Ada", passwordHash: "$2b$10$secret" };
    },
  });
}

function serve(execute: (id: string) => unknown) {
  const getUser = defineQuery({
    id: "users.get",
    input: s.object({ id: s.string() }),
    output: User,
    errors: { GONE: User },
    execute: ({ input, fail }) => (input.id === "gone" ? fail("GONE", execute(input.id) as never) : (execute(input.id) as never)),
  });
  const app = createApplication({ features: [defineFeature({ id: "users", contract: defineContract({ id: "users" }), operations: [getUser] })], adapters: [] });
  const onError = vi.fn();
  const handler = createHttpHandler(app, { routes: [route("GET", "/users/:id", "users.get", { errors: { GONE: 410 } })], principal: () => null, onError });
  return async (path: string) => {
    const response = await handler(new Request(`http://local${path}`));
    return { status: response.status, text: await response.text(), onError: onError.mock.calls.length };
  };
}

const invalidOutput = { status: 500, text: '{"error":{"code":"INVALID_OUTPUT","message":"The server failed to handle this request."}}', onError: 0 };

describe("agentix/http sends only what the output schema allows", () => {
  it("answers 500 INVALID_OUTPUT, never the hash, for an entity whose toJSON adds a field the closed schema forbids", async () => {
    const get = serve(() => new UserRow());
    expect(await get("/users/u1")).toEqual(invalidOutput);
    expect(await get("/users/gone")).toEqual(invalidOutput);
  });

  it("checks the text it sends, not an earlier one: a toJSON that answers differently the second time is caught", async () => {
    const output = { count: 0 };
    expect(await serve(() => fickle(output, (call) => call === 1))("/users/u1")).toEqual(invalidOutput);
    expect(output.count).toBe(2); // once for dispatch's check, once for the text sent
    const details = { count: 0 };
    expect(await serve(() => fickle(details, (call) => call === 1))("/users/gone")).toEqual(invalidOutput);
  });

  it("sends the very text it checked, calling toJSON once for it", async () => {
    const output = { count: 0 };
    expect(await serve(() => fickle(output, () => true))("/users/u1")).toEqual({ status: 200, text: '{"id":"u1","name":"Ada 2"}', onError: 0 });
    expect(output.count).toBe(2);
    const details = { count: 0 };
    expect(await serve(() => fickle(details, () => true))("/users/gone")).toEqual({
      status: 410,
      text: '{"error":{"code":"GONE","message":"users.get failed with GONE.","details":{"id":"u1","name":"Ada 2"}}}',
      onError: 0,
    });
  });
});
