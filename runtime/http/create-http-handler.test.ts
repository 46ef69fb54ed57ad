import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ids, createApplication, defineCommand, defineContract, defineFeature, implementPort, s, type Principal } from "../index.js";
import { customers } from "../test-support/customers.js";
import { memoryCustomerStore } from "../test-support/memory-customer-store.js";
import { createHttpHandler, route } from "./index.js";

const tokens: Record<string, Principal> = {
  writer: { id: "u1", permissions: ["customers:write", "customers:read"] },
  reader: { id: "u2", permissions: ["customers:read"] },
};

const explode = defineCommand({
  id: "ops.explode",
  input: s.object({}),
  output: s.literal(null),
  execute: () => {
    throw new Error("database password is hunter2");
  },
});
const ops = defineFeature({ id: "ops", contract: defineContract({ id: "ops" }), operations: [explode] });

function makeHandler(maxBodyBytes?: number) {
  const store = memoryCustomerStore();
  let next = 0;
  const app = createApplication({
    features: [customers, ops],
    adapters: [store.adapter, implementPort(Ids, { next: () => String(++next) })],
    onDefect: () => {},
  });
  const handler = createHttpHandler(app, {
    routes: [
      route("POST", "/customers", "customers.register", { errors: { NAME_TAKEN: 409 } }),
      route("GET", "/customers/:id", "customers.get", { errors: { NOT_FOUND: 404 } }),
      route("POST", "/explode", "ops.explode"),
    ],
    principal: (request) => tokens[request.headers.get("authorization")?.replace(/^Bearer /, "") ?? ""],
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    onError: () => {},
  });
  return { handler, store };
}

const json = (body: unknown, token = "writer") => ({
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

async function call(handler: (request: Request) => Promise<Response>, path: string, init: RequestInit = {}) {
  const response = await handler(new Request(`http://local${path}`, init));
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

describe("createHttpHandler", () => {
  it("maps a POST to a command, 201 with the value", async () => {
    const { handler } = makeHandler();
    expect(await call(handler, "/customers", json({ name: "Ada" }))).toMatchObject({ status: 201, body: { id: "cus_1", name: "Ada", status: "active" } });
  });

  it("maps path parameters into the input and declared errors to their statuses", async () => {
    const { handler } = makeHandler();
    await call(handler, "/customers", json({ name: "Ada" }));
    const auth = { headers: { authorization: "Bearer reader" } };
    expect(await call(handler, "/customers/cus_1", auth)).toMatchObject({ status: 200, body: { id: "cus_1", name: "Ada", status: "active" } });
    expect(await call(handler, "/customers/cus_9", auth)).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "customers.get failed with NOT_FOUND.", details: { id: "cus_9" } } },
    });
    expect(await call(handler, "/customers", json({ name: "Ada" }))).toMatchObject({ status: 409, body: { error: { code: "NAME_TAKEN", details: { name: "Ada" } } } });
  });

  it("answers malformed JSON with 400 and no effect", async () => {
    const { handler, store } = makeHandler();
    expect(await call(handler, "/customers", json('{"name": '))).toMatchObject({
      status: 400,
      body: { error: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." } },
    });
    expect(store.calls).toEqual([]);
  });

  it("answers unknown fields with 400 INVALID_INPUT naming the field", async () => {
    const { handler, store } = makeHandler();
    expect(await call(handler, "/customers", json({ name: "Ada", role: "admin" }))).toEqual({
      status: 400,
      headers: expect.any(Headers),
      body: {
        error: {
          code: "INVALID_INPUT",
          message: "invalid input for customers.register",
          details: { issues: [{ code: "unknown_property", path: "/role", message: "is not allowed (unknown property)" }] },
        },
      },
    });
    expect(store.calls).toEqual([]);
  });

  it("answers a denied principal with 403 and an anonymous one with 401, with no effect", async () => {
    const { handler, store } = makeHandler();
    expect(await call(handler, "/customers", json({ name: "Ada" }, "reader"))).toMatchObject({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: 'principal "u2" lacks customers:write for customers.register', details: { missing: ["customers:write"] } } },
    });
    expect(await call(handler, "/customers", json({ name: "Ada" }, "nobody"))).toMatchObject({
      status: 401,
      body: { error: { code: "UNAUTHENTICATED", message: "This operation needs an authenticated principal." } },
    });
    expect(store.calls).toEqual([]);
  });

  it("authenticates before reading the body: an anonymous oversized or malformed request gets 401", async () => {
    const { handler, store } = makeHandler(16);
    expect(await call(handler, "/customers", json({ name: "x".repeat(100) }, "nobody"))).toMatchObject({ status: 401, body: { error: { code: "UNAUTHENTICATED" } } });
    expect(await call(handler, "/customers", json("{oops", "nobody"))).toMatchObject({ status: 401, body: { error: { code: "UNAUTHENTICATED" } } });
    expect(store.calls).toEqual([]);
  });

  it("answers a defect with 500 and no internals", async () => {
    const { handler } = makeHandler();
    const response = await handler(new Request("http://local/explode", json({})));
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: { code: "DEFECT", message: "The server failed to handle this request." } });
    expect(text).not.toContain("hunter2");
  });

  it("enforces the body size limit, by header and by stream", async () => {
    const { handler, store } = makeHandler(64);
    const big = JSON.stringify({ name: "x".repeat(100) });
    expect(await call(handler, "/customers", json(big))).toMatchObject({ status: 413, body: { error: { code: "PAYLOAD_TOO_LARGE" } } });
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await handler(
      new Request("http://local/customers", { ...json(""), body: streamed, duplex: "half" } as RequestInit & { duplex: "half" }),
    );
    expect(response.status).toBe(413);
    expect(store.calls).toEqual([]);
  });

  it("answers unknown routes, wrong methods and wrong media types", async () => {
    const { handler } = makeHandler();
    expect(await call(handler, "/nowhere")).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND", message: "No route for GET /nowhere." } } });
    const wrongMethod = await call(handler, "/customers/cus_1", { method: "DELETE" });
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: { code: "METHOD_NOT_ALLOWED" } } });
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
    expect(await call(handler, "/customers", { ...json({ name: "Ada" }), headers: { "content-type": "text/plain", authorization: "Bearer writer" } })).toMatchObject({
      status: 415,
      body: { error: { code: "UNSUPPORTED_MEDIA_TYPE" } },
    });
  });

  it("refuses routes to operations the application lacks, and duplicate routes", () => {
    const app = createApplication({ features: [ops], adapters: [] });
    expect(() => createHttpHandler(app, { routes: [route("GET", "/x", "nope.op")], principal: () => undefined })).toThrow(
      'createHttpHandler: GET /x -> "nope.op": no such operation in the application',
    );
    expect(() =>
      createHttpHandler(app, { routes: [route("POST", "/a/:x", "ops.explode"), route("POST", "/a/:y", "ops.explode")], principal: () => undefined }),
    ).toThrow("createHttpHandler: two routes for POST /a/:y");
  });
});

describe("served by @hono/node-server on 127.0.0.1, called with fetch", () => {
  let server: ServerType;
  let base: string;
  const { handler, store } = makeHandler();

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: handler, hostname: "127.0.0.1", port: 0 }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("creates and reads a customer over real HTTP", async () => {
    const created = await fetch(`${base}/customers`, json({ name: "Grace" }));
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await created.json()).toEqual({ id: "cus_1", name: "Grace", status: "active" });
    const read = await fetch(`${base}/customers/cus_1`, { headers: { authorization: "Bearer reader" } });
    expect([read.status, await read.json()]).toEqual([200, { id: "cus_1", name: "Grace", status: "active" }]);
  });

  it("answers HEAD with the GET's status and headers (content-length included) and no body", async () => {
    const read = { headers: { authorization: "Bearer reader" } };
    for (const path of ["/customers/cus_1", "/customers/cus_404", "/nowhere"]) {
      const get = await fetch(`${base}${path}`, read);
      const getBody = await get.text();
      const head = await fetch(`${base}${path}`, { ...read, method: "HEAD" });
      const sameHeaders = (headers: Headers) => ["content-type", "content-length", "allow"].map((name) => headers.get(name));
      expect([head.status, sameHeaders(head.headers), await head.text()]).toEqual([get.status, sameHeaders(get.headers), ""]);
      expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(getBody)));
    }
  });

  it("sends a 500 envelope without the exception's message", async () => {
    const response = await fetch(`${base}/explode`, json({}));
    const text = await response.text();
    expect([response.status, JSON.parse(text)]).toEqual([500, { error: { code: "DEFECT", message: "The server failed to handle this request." } }]);
    expect(text).not.toContain("hunter2");
  });

  it("sends 400 for malformed JSON and 403 for a denied principal, writing nothing", async () => {
    const writesBefore = store.calls.filter((call) => call === "save").length;
    const malformed = await fetch(`${base}/customers`, json("{oops"));
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." } }]);
    const denied = await fetch(`${base}/customers`, json({ name: "Eve" }, "reader"));
    expect(denied.status).toBe(403);
    expect(store.calls.filter((call) => call === "save").length).toBe(writesBefore);
  });
});
