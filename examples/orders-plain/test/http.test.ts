// The HTTP layer in-process (Hono's app.request, no socket): the order of the checks, the
// error envelopes, and zod's issues in the API's vocabulary. The same API is checked against
// a real process, side by side with the agentix app, by examples/orders-acceptance.
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { createApp } from "../src/app.js";
import { developmentTokens, principalFor } from "../src/http/authentication.js";
import { toIssues } from "../src/http/input.js";
import { testShop } from "./support.js";

function shopApp(options: { readonly maxBodyBytes?: number } = {}) {
  const shop = testShop();
  const defects: unknown[] = [];
  const app = createApp(shop.services, { principalFor: principalFor(developmentTokens), onDefect: (error) => defects.push(error), ...options });
  const call = async (method: string, path: string, init: { readonly token?: string; readonly body?: string | ReadableStream<Uint8Array>; readonly type?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token !== undefined) headers["authorization"] = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["content-type"] = init.type ?? "application/json";
    // A streamed body needs `duplex` (Node's fetch types do not know the option yet).
    const body = init.body === undefined ? {} : { body: init.body, duplex: "half" };
    const response = await app.request(path, { method, headers, ...body } as RequestInit);
    const json: unknown = await response.json();
    return { status: response.status, body: json, allow: response.headers.get("allow") };
  };
  return { ...shop, defects, call };
}

describe("the checks before a handler, in order", () => {
  test("routing (404/405), then authentication (401), then permission (403, the body unread), then the body (400), then input (400)", async () => {
    const { call } = shopApp();
    expect(await call("GET", "/nowhere")).toEqual({ status: 404, body: { error: { code: "NOT_FOUND", message: "No route for GET /nowhere." } }, allow: null });
    expect(await call("PATCH", "/orders/ord_1")).toEqual({ status: 405, body: { error: { code: "METHOD_NOT_ALLOWED", message: "PATCH is not allowed here." } }, allow: "GET, HEAD" });
    expect((await call("POST", "/products", { body: "{" })).status).toBe(401);
    const forbidden = { error: { code: "FORBIDDEN", message: 'principal "clerk" lacks products:write for products.create', details: { missing: ["products:write"] } } };
    expect((await call("POST", "/products", { token: "dev-clerk-token", body: "{" })).body).toEqual(forbidden);
    expect((await call("POST", "/products", { token: "dev-clerk-token", body: '{"stock":"many"}' })).body).toEqual(forbidden);
    expect((await call("POST", "/products", { token: "dev-admin-token", body: "{" })).body).toEqual({ error: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." } });
    expect((await call("POST", "/products", { token: "dev-admin-token", body: '{"stock":"many"}' })).status).toBe(400);
  });

  test("a body streamed without a length is counted, and refused past the limit", async () => {
    const { call } = shopApp({ maxBodyBytes: 16 });
    const stream = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    expect(await call("POST", "/customers", { token: "dev-clerk-token", body: stream(JSON.stringify({ name: "Ada", email: "ada@example.com" })) })).toEqual({
      status: 413,
      body: { error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 16 bytes." } },
      allow: null,
    });
    expect((await call("POST", "/customers", { token: "dev-clerk-token", body: stream('{"name":"A"}') })).status).toBe(400);
  });

  test("an unexpected error is a 500 without internals; its cause goes to onDefect", async () => {
    const { db, call, defects } = shopApp();
    db.exec("CREATE TRIGGER outbox_unavailable BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END;");
    expect(await call("POST", "/orders", { token: "dev-clerk-token", body: JSON.stringify({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] }) })).toEqual({
      status: 500,
      body: { error: { code: "DEFECT", message: "The server failed to handle this request." } },
      allow: null,
    });
    expect(defects.map((error) => (error as Error).message)).toEqual(["outbox unavailable"]);
  });
});

describe("toIssues", () => {
  const schema = z.strictObject({ name: z.string().min(1).regex(/\S/), lines: z.array(z.strictObject({ quantity: z.int().max(10) })), mode: z.enum(["a", "b"]).optional() });
  const issuesOf = (input: unknown) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? [] : toIssues(parsed.error.issues, input).map(({ code, path }) => `${code} ${path}`);
  };

  test("maps zod's codes to the API's, with JSON-pointer paths, one issue per code and path", () => {
    expect(issuesOf({ name: "", lines: [{ quantity: 2 ** 60, "a/b~c": 1 }], mode: "c" })).toEqual([
      "too_small /name",
      "invalid_pattern /name",
      "too_big /lines/0/quantity",
      "unknown_property /lines/0/a~1b~0c",
      "invalid_value /mode",
    ]);
  });

  test("tells a missing property from a mistyped one, at any depth", () => {
    expect(issuesOf({ lines: [{}] })).toEqual(["missing_property /name", "missing_property /lines/0/quantity"]);
    expect(issuesOf({ name: null, lines: "none" })).toEqual(["invalid_type /name", "invalid_type /lines"]);
    expect(issuesOf(null)).toEqual(["invalid_type "]);
    expect(issuesOf([])).toEqual(["invalid_type "]);
  });
});
