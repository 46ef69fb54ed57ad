import { serve, type ServerType } from "@hono/node-server";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Ids, createApplication, defineCommand, defineFeature, implementPort, s, type Principal } from "../index.js";
import { customers } from "../test-support/customers.js";
import { memoryCustomerStore } from "../test-support/memory-customer-store.js";
import { sleep } from "../test-support/process-watch.js";
import { Things, thingsContract } from "../test-support/things.js";
import { createHttpHandler, route, type HttpHandlerOptions } from "./index.js";

const tokens: Record<string, unknown> = {
  writer: { id: "u1", permissions: ["customers:write", "customers:read"] },
  reader: { id: "u2", permissions: ["customers:read"] },
  substring: { id: "u3", permissions: "not-customers:write-disabled customers:read" },
  jwt: { id: "u4", permissions: "customers:read customers:write" },
  nobody: null,
};

const never = () => new Promise<never>(() => {});
const hang = defineCommand({ id: "things.hang", input: s.object({}), output: s.literal(null), execute: never });
/** Waits for the adapter until the dispatch is abandoned; records the signal it was given. */
const signals: AbortSignal[] = [];
const slow = defineCommand({
  id: "things.slow",
  input: s.object({}),
  output: s.literal(null),
  effects: { load: Things.load },
  async execute({ effects }) {
    await effects.load("x");
    return null;
  },
});

function makeHandler(overrides: Partial<HttpHandlerOptions> = {}) {
  const store = memoryCustomerStore();
  const app = createApplication({
    features: [customers, defineFeature({ id: "things", contract: thingsContract, operations: [hang, slow] })],
    adapters: [
      store.adapter,
      implementPort(Ids, { next: () => "1" }),
      implementPort(Things, {
        load: (_id, { signal }) => {
          signals.push(signal);
          return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error)));
        },
        store: () => null,
        ping: () => "pong" as const,
      }),
    ],
    onDefect: () => {},
  });
  const onError = vi.fn();
  const handler = createHttpHandler(app, {
    routes: [
      route("POST", "/customers", "customers.register", { errors: { NAME_TAKEN: 409 } }),
      route("POST", "/hang", "things.hang"),
      route("POST", "/slow", "things.slow"),
    ],
    principal: (request) => tokens[request.headers.get("authorization")?.replace(/^Bearer /, "") ?? ""] as Principal,
    onError,
    ...overrides,
  });
  return { handler, store, onError };
}

const post = (path: string, body: string, token = "writer", type = "application/json") =>
  new Request(`http://local${path}`, { method: "POST", headers: { "content-type": type, authorization: `Bearer ${token}` }, body });

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, bytes: new TextEncoder().encode(text).byteLength, body: JSON.parse(text) as { error: { code: string; message: string; details?: unknown } } };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("agentix/http authorizes before it reads", () => {
  it("answers 403 to a principal lacking the permission before reading the body, whatever the body is", async () => {
    const { handler, store } = makeHandler({ maxBodyBytes: 64 });
    let pulled = 0;
    const stream = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode('{"name":"Ada"}'));
            controller.close();
          },
        },
        { highWaterMark: 0 }, // pulled only when read
      );
    const bodies: [string, string][] = [
      [JSON.stringify({ name: "x".repeat(500) }), "application/json"],
      ["{oops", "application/json"],
      ["name=Ada", "text/plain"],
    ];
    for (const [body, type] of bodies) {
      expect(await answer(await handler(post("/customers", body, "reader", type)))).toMatchObject({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: 'principal "u2" lacks customers:write for customers.register', details: { missing: ["customers:write"] } } },
      });
    }
    const streamed = new Request("http://local/customers", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer reader" },
      body: stream(),
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect((await handler(streamed)).status).toBe(403);
    expect([pulled, store.calls]).toEqual([0, []]);
  });

  it("refuses a principal whose permissions are a string, however it is spelled", async () => {
    const { handler, store } = makeHandler();
    for (const token of ["substring", "jwt"]) {
      expect(await answer(await handler(post("/customers", JSON.stringify({ name: "Ada" }), token)))).toEqual({
        status: 403,
        bytes: expect.any(Number),
        body: {
          error: {
            code: "FORBIDDEN",
            message: "the principal given for customers.register is malformed: permissions must be an array of strings, got a string",
            details: { reason: "permissions must be an array of strings, got a string" },
          },
        },
      });
    }
    expect(store.calls).toEqual([]);
  });

  it("answers 401 when the principal function returns null", async () => {
    const { handler, onError } = makeHandler();
    expect(await answer(await handler(post("/customers", JSON.stringify({ name: "Ada" }), "nobody")))).toMatchObject({
      status: 401,
      body: { error: { code: "UNAUTHENTICATED" } },
    });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe("agentix/http bounds every error response", () => {
  it("answers 60,000 unknown keys (a 540 KB body) with one small 400", async () => {
    const { handler } = makeHandler();
    const keys = Array.from({ length: 60_000 }, (_, index) => `"k${index}":1`).join(",");
    const body = `{"name":"Ada",${keys}}`;
    expect(body.length).toBeGreaterThan(540_000);
    const response = await answer(await handler(post("/customers", body)));
    expect(response.status).toBe(400);
    expect(response.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(response.body.error).toEqual({
      code: "INVALID_INPUT",
      message: "invalid input for customers.register",
      details: { issues: [{ code: "unknown_property", path: "/k0", message: "is not allowed (unknown property)" }] },
    });
  });

  it("lists the first 50 issues of a small value and counts the rest", async () => {
    const { handler } = makeHandler();
    const body = JSON.stringify(Object.fromEntries([["name", "Ada"], ...Array.from({ length: 120 }, (_, index) => [`k${index}`, 1])]));
    const response = await answer(await handler(post("/customers", body)));
    const details = response.body.error.details as { issues: { path: string }[]; omittedIssues: number };
    expect([response.status, details.issues.length, details.issues[0]?.path, details.issues[49]?.path, details.omittedIssues]).toEqual([400, 50, "/k0", "/k49", 70]);
  });

  it("keeps a response at most 64 KiB when a key or a declared error's details are huge", async () => {
    const { handler } = makeHandler();
    const hugeKey = await answer(await handler(post("/customers", JSON.stringify({ name: "Ada", ["k".repeat(300_000)]: 1 }))));
    expect([hugeKey.status, hugeKey.bytes <= 64 * 1024]).toEqual([400, true]);
    expect((hugeKey.body.error.details as { issues: { path: string }[] }).issues[0]?.path).toBe(`/${"k".repeat(199)}... (299801 more characters)`);
    const name = "\u0001".repeat(150_000); // six bytes each once escaped in JSON
    expect((await handler(post("/customers", JSON.stringify({ name })))).status).toBe(201);
    const taken = await answer(await handler(post("/customers", JSON.stringify({ name }))));
    expect([taken.status, taken.body.error.code, taken.bytes <= 64 * 1024]).toEqual([409, "NAME_TAKEN", true]);
  });
});

describe("agentix/http deadlines", () => {
  it("answers 503 TIMEOUT when the operation does not finish by the handler's deadline", async () => {
    const { handler } = makeHandler({ timeoutMs: 20 });
    expect(await answer(await handler(post("/hang", "{}")))).toEqual({
      status: 503,
      bytes: expect.any(Number),
      body: { error: { code: "TIMEOUT", message: "The server did not finish this request in time." } },
    });
    const before = signals.length;
    expect((await handler(post("/slow", "{}"))).status).toBe(503);
    expect(signals.slice(before).map((signal) => [signal.aborted, (signal.reason as DOMException).name])).toEqual([[true, "TimeoutError"]]);
  });

  it("answers 503 TIMEOUT when the principal function never settles", async () => {
    const { handler } = makeHandler({ timeoutMs: 20, principal: never });
    expect(await answer(await handler(post("/customers", JSON.stringify({ name: "Ada" }))))).toMatchObject({ status: 503, body: { error: { code: "TIMEOUT" } } });
  });
});

describe("agentix/http reads a body of declared length whole", () => {
  const declared = (body: string, length: number) => {
    const request = post("/customers", body);
    request.headers.set("content-length", String(length));
    // What @hono/node-server's request does on `.body`: build a full Request and a Web stream.
    Object.defineProperty(request, "body", {
      get() {
        throw new Error("the body stream was opened");
      },
    });
    return request;
  };

  it("reads it with arrayBuffer(), never opening the body stream", async () => {
    const { handler, store } = makeHandler();
    const body = JSON.stringify({ name: "Ada" });
    const response = await handler(declared(body, new TextEncoder().encode(body).byteLength));
    expect([response.status, await response.json()]).toEqual([201, { id: "cus_1", name: "Ada", status: "active" }]);
    expect(store.calls).toEqual(["findByName", "save"]);
  });

  it("refuses a body that does not match its Content-Length, either way, before anything runs", async () => {
    const { handler, store } = makeHandler();
    const body = JSON.stringify({ name: "Ada" });
    for (const length of [2, body.length + 10]) {
      expect(await answer(await handler(declared(body, length)))).toEqual({
        status: 400,
        bytes: expect.any(Number),
        body: { error: { code: "BAD_REQUEST", message: "The request body could not be read." } },
      });
    }
    expect(store.calls).toEqual([]);
  });

  it("answers 503 TIMEOUT at the deadline while a declared body is still arriving", async () => {
    const { handler, store, onError } = makeHandler({ timeoutMs: 100 });
    const server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: handler, hostname: "127.0.0.1", port: 0 }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await new Promise<string>((resolve) => {
        let text = "";
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(`POST /customers HTTP/1.1\r\nhost: x\r\nauthorization: Bearer writer\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"name":`);
        });
        socket.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("\r\n\r\n{")) {
            socket.destroy();
            resolve(text);
          }
        });
      });
      expect(reply.split("\r\n")[0]).toBe("HTTP/1.1 503 Service Unavailable");
      expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({ error: { code: "TIMEOUT", message: "The server did not finish this request in time." } });
      expect(store.calls).toEqual([]);
      expect(onError).not.toHaveBeenCalled();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("agentix/http validates its options", () => {
  const app = createApplication({ features: [customers], adapters: [memoryCustomerStore().adapter, implementPort(Ids, { next: () => "1" })] });
  const principal = () => undefined;

  it("refuses route options a Response cannot honour and ambiguous paths", () => {
    expect(() => route("POST", "/x", "x.y", { status: 99 })).toThrow("route POST /x: status must be an integer from 200 to 599, got 99");
    expect(() => route("POST", "/x", "x.y", { status: 600 })).toThrow("route POST /x: status must be an integer from 200 to 599, got 600");
    expect(() => route("POST", "/x", "x.y", { status: 201.5 })).toThrow("status must be an integer from 200 to 599, got 201.5");
    expect(() => route("POST", "/x", "x.y", { status: "201" as never })).toThrow('route POST /x: status must be an integer from 200 to 599, got the string "201"');
    expect(() => route("GET", "/x/:id/:id", "x.y")).toThrow('route GET /x/:id/:id: the path parameter "id" appears twice');
    // It was dropped silently: the value set the params object's prototype, no key.
    expect(() => route("GET", "/x/:__proto__", "x.y")).toThrow('route GET /x/:__proto__: a path parameter cannot be named "__proto__"');
    expect(() => route("GET", "/x/:", "x.y")).toThrow('route GET /x/:: a path parameter needs a name (":" alone)');
    expect(() => route("GET", "/x", "x.y", { errors: { NOT_FOUND: 200 } })).toThrow("errors.NOT_FOUND must be an integer status from 400 to 599, got 200");
    expect(() => route("GET", "/x", "", { statuss: 200 } as never)).toThrow(
      'route GET /x: the operation must be a non-empty operation id; unknown option "statuss" (did you mean "status"?)',
    );
    expect(() => route("GET", "/x", "x.y", { verbose: true } as never)).toThrow(
      'route GET /x: unknown option "verbose" (the options are status, errors, input)',
    );
  });

  it("refuses handler options that are not positive limits, functions or statuses, listing every problem", () => {
    const routes = [route("POST", "/customers", "customers.register")];
    const cases: [Record<string, unknown>, string][] = [
      [{ maxBodyBytes: -1 }, "maxBodyBytes must be a positive integer (bytes), got -1"],
      [{ maxBodyBytes: 0 }, "maxBodyBytes must be a positive integer (bytes), got 0"],
      [{ maxBodyBytes: 1.5 }, "maxBodyBytes must be a positive integer (bytes), got 1.5"],
      [{ timeoutMs: 0 }, "timeoutMs must be a positive number of milliseconds (Infinity for none), got 0"],
      [{ errorStatus: { NAME_TAKEN: 99 } }, "errorStatus.NAME_TAKEN must be an integer status from 400 to 599, got 99"],
      [{ principal: "token" }, "principal must be a function (request) => principal | undefined"],
      [{ onError: true }, "onError must be a function (error, request) => void"],
      [{ maxBodyBytes: "1024" }, 'maxBodyBytes must be a positive integer (bytes), got the string "1024"'],
      [{ route: [] }, 'unknown option "route" (did you mean "routes"?)'],
      [{ verbose: true }, 'unknown option "verbose" (the options are routes, principal, maxBodyBytes, errorStatus, onError, timeoutMs)'],
      [{ routes: "all" }, "routes must be an array of route(...) entries"],
      [{ routes: [{ method: "GET", path: "/x/:a/:a", operation: "customers.get" }] }, 'routes[0]: route GET /x/:a/:a: the path parameter "a" appears twice'],
    ];
    for (const [overrides, problem] of cases) {
      expect(() => createHttpHandler(app, { routes, principal, ...overrides } as never)).toThrow(`createHttpHandler: ${problem}`);
    }
  });
});

describe("agentix/http refuses lone surrogates", () => {
  it("answers a JSON-escaped lone surrogate with 400 and accepts an escaped pair", async () => {
    const { handler, store } = makeHandler();
    for (const name of ['"\\ud800"', '"Ada \\udc00"', '"\\ud800\\ud800"']) {
      expect(await answer(await handler(post("/customers", `{"name":${name}}`)))).toMatchObject({
        status: 400,
        body: { error: { code: "MALFORMED_JSON", message: "The request body has a string with a lone surrogate (an unpaired \\ud800-\\udfff escape)." } },
      });
    }
    expect(store.calls).toEqual([]);
    const paired = await handler(post("/customers", '{"name":"Ada \\ud83d\\ude00"}'));
    expect([paired.status, ((await paired.json()) as { name: string }).name]).toEqual([201, "Ada \u{1F600}"]);
  });
});

describe("agentix/http and clients that go away", () => {
  let server: ServerType | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(handler: (request: Request) => Promise<Response>): Promise<number> {
    return new Promise((resolve) => {
      server = serve({ fetch: handler, hostname: "127.0.0.1", port: 0 }, () => resolve((server?.address() as AddressInfo).port));
    });
  }

  /** Sends the head and part of the body, then drops the connection. */
  async function abortMidRequest(port: number, path: string, body: string, length: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(`POST ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer writer\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n${body}`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 30);
      });
    });
    await sleep(60);
  }

  it("logs nothing when a client drops a request while its body is read", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { handler, onError, store } = makeHandler({ onError: undefined as never });
    void onError;
    const port = await listen(handler);
    await abortMidRequest(port, "/customers", '{"name":', 1000);
    expect(consoleError).not.toHaveBeenCalled();
    expect(store.calls).toEqual([]);
  });

  it("abandons the dispatch and aborts the adapter's signal when the client goes away, logging nothing", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { handler, onError } = makeHandler();
    const port = await listen(handler);
    const before = signals.length;
    await abortMidRequest(port, "/slow", "{}", 2);
    expect(signals.slice(before).map((signal) => signal.aborted)).toEqual([true]);
    expect(onError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
