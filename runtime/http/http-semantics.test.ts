// What agentix/http answers, byte for byte: declared errors' messages, HEAD wherever a query is
// served by GET, the Allow header of a 405, and unknown query parameters.
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApplication, defineCommand, defineContract, defineFeature, defineQuery, s, type Principal } from "../index.js";
import { createHttpHandler, route } from "./index.js";

const jsonType = "application/json; charset=utf-8";
const shelf = new Map([["b1", "Dune"]]);
const calls: string[] = [];

const getBook = defineQuery({
  id: "books.get",
  input: s.object({ id: s.string() }),
  output: s.object({ id: s.string(), title: s.string() }),
  errors: {
    NOT_FOUND: s.object({ id: s.string() }),
    WITHDRAWN: s.object({ id: s.string() }, { description: "This book was withdrawn from the catalogue." }),
    EMBARGOED: z.object({ until: z.string() }).describe("This book is under embargo."),
    RESTRICTED: s.object({}),
    HIDDEN: hostileDescription(),
  },
  permissions: ["books:read"],
  execute: ({ input, fail }) => {
    calls.push(`get ${input.id}`);
    const title = shelf.get(input.id);
    if (title !== undefined) return { id: input.id, title };
    if (input.id === "w1") return fail("WITHDRAWN", { id: input.id });
    if (input.id === "e1") return fail("EMBARGOED", { until: "2030-01-01" });
    if (input.id === "r1") return fail("RESTRICTED", {}, "Ask a librarian for this one.");
    if (input.id === "h1") return fail("HIDDEN", {});
    return fail("NOT_FOUND", { id: input.id });
  },
});
const listBooks = defineQuery({
  id: "books.list",
  input: s.object({ limit: s.optional(s.string()) }),
  output: s.array(s.string()),
  permissions: ["books:read"],
  execute: ({ input }) => (calls.push(`list ${input.limit ?? "all"}`), [...shelf.values()]),
});
const touchBook = defineCommand({
  id: "books.touch",
  input: s.object({ id: s.string() }),
  output: s.literal(null),
  permissions: ["books:read"],
  execute: ({ input }) => (calls.push(`touch ${input.id}`), null),
});
const addBook = defineCommand({
  id: "books.add",
  input: s.object({ title: s.string() }),
  output: s.literal(null),
  permissions: ["books:read"],
  execute: () => null,
});

/** A foreign validator whose `description` getter throws: its message falls back to the sentence. */
function hostileDescription(): StandardSchemaV1<unknown, unknown> {
  const schema = { "~standard": { version: 1, vendor: "test", validate: (value: unknown) => ({ value }) } };
  Object.defineProperty(schema, "description", {
    get() {
      throw new Error("no description here");
    },
  });
  return schema as StandardSchemaV1<unknown, unknown>;
}

const reader: Principal = { id: "u1", permissions: ["books:read"] };
const app = createApplication({
  features: [defineFeature({ id: "books", contract: defineContract({ id: "books" }), operations: [getBook, listBooks, touchBook, addBook] })],
  adapters: [],
  onDefect: () => {},
});
const handler = createHttpHandler(app, {
  routes: [
    route("GET", "/books", "books.list"),
    route("POST", "/books", "books.add"),
    route("POST", "/only-post", "books.add"),
    route("GET", "/books/:id", "books.get", { errors: { NOT_FOUND: 404, WITHDRAWN: 410, EMBARGOED: 451, RESTRICTED: 403, HIDDEN: 404 } }),
    route("GET", "/books/:id/touch", "books.touch"),
    route("GET", "/shelves/:shelf/books", "books.list"),
    route("GET", "/picked", "books.list", { input: ({ query }) => (query.has("limit") ? { limit: query.get("limit") } : {}) }),
  ],
  principal: (request) => (request.headers.get("authorization") === "Bearer reader" ? reader : undefined),
  onError: () => {},
});

const auth = { authorization: "Bearer reader" };

/** Status, every header, and the body as text: exactly what a client gets. */
async function answer(method: string, path: string, headers: Record<string, string> = auth, body?: string) {
  const response = await handler(new Request(`http://local${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

const envelope = (code: string, message: string, details?: unknown) =>
  JSON.stringify({ error: details === undefined ? { code, message } : { code, message, details } });

describe("a declared error's envelope message", () => {
  it.each([
    ["without a description or a message: a sentence naming the operation and the code", "/books/b9", 404, envelope("NOT_FOUND", "books.get failed with NOT_FOUND.", { id: "b9" })],
    ["the description of its s.* schema", "/books/w1", 410, envelope("WITHDRAWN", "This book was withdrawn from the catalogue.", { id: "w1" })],
    ["the description of a foreign schema (zod's .describe())", "/books/e1", 451, envelope("EMBARGOED", "This book is under embargo.", { until: "2030-01-01" })],
    ["the message execute gave fail()", "/books/r1", 403, envelope("RESTRICTED", "Ask a librarian for this one.", {})],
    ["a sentence when reading a foreign schema's description throws", "/books/h1", 404, envelope("HIDDEN", "books.get failed with HIDDEN.", {})],
  ])("is %s", async (_case, path, status, body) => {
    expect(await answer("GET", path)).toEqual({ status, headers: { "content-type": jsonType }, body });
  });
});

describe("HEAD is served wherever GET serves a query", () => {
  it("answers the GET's status and headers with no body, the length it would have had, and runs the query", async () => {
    calls.length = 0;
    const get = await answer("GET", "/books/b1?");
    const head = await answer("HEAD", "/books/b1");
    expect(get).toEqual({ status: 200, headers: { "content-type": jsonType }, body: '{"id":"b1","title":"Dune"}' });
    expect(head).toEqual({ status: 200, headers: { "content-type": jsonType, "content-length": "26" }, body: "" });
    expect(calls).toEqual(["get b1", "get b1"]);
  });

  it.each([
    ["a declared error", "/books/b9", auth],
    ["an unknown query parameter", "/books?_=1", auth],
    ["no principal", "/books", {}],
    ["no route", "/nowhere", auth],
    ["a path without a GET", "/only-post", auth],
  ])("answers %s with the GET's status and headers, and no body", async (_case, path, headers) => {
    const get = await answer("GET", path, headers);
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(await answer("HEAD", path, headers)).toEqual({
      status: get.status,
      headers: { ...get.headers, "content-length": String(Buffer.byteLength(get.body)) },
      body: "",
    });
  });

  it("never runs a command for a HEAD: a GET route to a command answers HEAD with 405", async () => {
    calls.length = 0;
    const body = envelope("METHOD_NOT_ALLOWED", "HEAD is not allowed here.");
    expect(await answer("HEAD", "/books/b1/touch")).toEqual({
      status: 405,
      headers: { "content-type": jsonType, allow: "GET", "content-length": String(body.length) },
      body: "",
    });
    expect(calls).toEqual([]);
  });

  it("lists HEAD beside GET in the Allow header of a 405 for a query's path", async () => {
    expect(await answer("DELETE", "/books/b1")).toEqual({
      status: 405,
      headers: { "content-type": jsonType, allow: "GET, HEAD" },
      body: envelope("METHOD_NOT_ALLOWED", "DELETE is not allowed here."),
    });
    expect(await answer("PUT", "/books", { ...auth, "content-type": "application/json" }, "{}")).toEqual({
      status: 405,
      headers: { "content-type": jsonType, allow: "GET, HEAD, POST" },
      body: envelope("METHOD_NOT_ALLOWED", "PUT is not allowed here."),
    });
  });
});

describe("the query string is the closed input of a GET", () => {
  const unknownIssue = (path: string) => ({ code: "unknown_property", path, message: "is not allowed (unknown property)" });
  const invalidInput = (message: string, ...paths: string[]) => ({
    status: 400,
    headers: { "content-type": jsonType },
    body: envelope("INVALID_INPUT", message, { issues: paths.map(unknownIssue) }),
  });

  it("answers an unknown query parameter with 400 naming it as a query parameter", async () => {
    expect(await answer("GET", "/books?_=1712345")).toEqual(invalidInput('invalid input for books.list: unknown query parameter "_"', "/_"));
  });

  it("names every unknown one, escaped names included, and keeps the issues as they are", async () => {
    expect(await answer("GET", "/books?limit=2&utm_source=mail&a%2Fb=1&utm_source=again")).toEqual(invalidInput('invalid input for books.list: unknown query parameters "utm_source", "a/b"', "/utm_source", "/a~1b"));
  });

  it("says nothing of the query for a path parameter the input lacks, nor for a body", async () => {
    expect(await answer("GET", "/shelves/s1/books?_=1")).toEqual(invalidInput('invalid input for books.list: unknown query parameter "_"', "/_", "/shelf"));
    expect(await answer("POST", "/books", { ...auth, "content-type": "application/json" }, '{"title":"Dune","_":1}')).toEqual(invalidInput("invalid input for books.add", "/_"));
  });

  it("accepts extra parameters on a route whose input function picks the ones it needs", async () => {
    expect(await answer("GET", "/picked?limit=2&_=1712345&utm_source=mail")).toEqual({
      status: 200,
      headers: { "content-type": jsonType },
      body: '["Dune"]',
    });
  });
});
