import type { Application } from "../application/create-application.js";
import { isTimeoutMs } from "../application/deadline.js";
import { authorize } from "../application/principal.js";
import { showValue } from "../descriptors/descriptor-kind.js";
import { unknownKeyProblems } from "../descriptors/known-keys.js";
import type { AnyOperation, Principal } from "../descriptors/operation.js";
import { errorResponse, internalErrorResponse, withoutBody } from "./envelope.js";
import { compileRoutes } from "./match-route.js";
import { outcomeResponse } from "./outcome-response.js";
import { readJsonBody } from "./read-body.js";
import { ABANDONED, RequestDeadline } from "./request-deadline.js";
import { route as checkedRoute, type Route, type RouteRequest } from "./route.js";
import { errorStatusProblems } from "./status.js";

export interface HttpHandlerOptions {
  /** The plain route array. */
  readonly routes: readonly Route[];
  /**
   * Authentication, as the application's own explicit function: the principal for this
   * request, or `undefined` / `null` when it carries none (operations needing permissions then
   * get 401). Anything but `{ id, permissions }` is refused with 403.
   */
  readonly principal: (request: Request) => Principal | null | undefined | Promise<Principal | null | undefined>;
  /** Largest accepted request body in bytes, a positive integer. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Status per declared error code for every route (a route's own `errors` wins). Default 422. */
  readonly errorStatus?: Readonly<Record<string, number>>;
  /**
   * Receives failures of the transport itself (e.g. the principal function threw). A client
   * that goes away is not a failure: it is never reported here.
   */
  readonly onError?: (error: unknown, request: Request) => void;
  /**
   * Deadline for a whole request (principal, body, dispatch) in milliseconds; past it the answer
   * is 503 TIMEOUT and the dispatch is abandoned. Default 30 000; `Infinity` for none.
   */
  readonly timeoutMs?: number;
}

export type HttpHandler = (request: Request) => Promise<Response>;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const bodyMethods: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);
const optionKeys: ReadonlySet<string> = new Set(["routes", "principal", "maxBodyBytes", "errorStatus", "onError", "timeoutMs"]);

/** Every problem of the options, each a sentence; the routes are checked as `route` checks them. */
function optionProblems(app: unknown, options: unknown): string[] {
  const problems: string[] = [];
  const { dispatchUntyped, operation } = (app ?? {}) as Record<string, unknown>;
  if (typeof dispatchUntyped !== "function" || typeof operation !== "function") problems.push("the first argument must be an application from createApplication");
  if (options === null || typeof options !== "object") return [...problems, "the options must be an object { routes, principal }"];
  const given = options as Record<string, unknown>;
  problems.push(...unknownKeyProblems(given, optionKeys, "option"));
  if (!Array.isArray(given["routes"])) problems.push("routes must be an array of route(...) entries");
  else {
    for (const [index, entry] of (given["routes"] as unknown[]).entries()) {
      try {
        const { method, path, operation: id, ...rest } = entry as Route;
        checkedRoute(method, path, id, rest);
      } catch (error) {
        problems.push(`routes[${index}]: ${error instanceof Error ? error.message : "is not a route(...) entry"}`);
      }
    }
  }
  if (typeof given["principal"] !== "function") problems.push("principal must be a function (request) => principal | undefined");
  const maxBodyBytes = given["maxBodyBytes"];
  if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && (maxBodyBytes as number) > 0)) {
    problems.push(`maxBodyBytes must be a positive integer (bytes), got ${showValue(maxBodyBytes)}`);
  }
  problems.push(...errorStatusProblems(given["errorStatus"], "errorStatus"));
  if (given["onError"] !== undefined && typeof given["onError"] !== "function") problems.push("onError must be a function (error, request) => void");
  if (given["timeoutMs"] !== undefined && !isTimeoutMs(given["timeoutMs"])) {
    problems.push(`timeoutMs must be a positive number of milliseconds (Infinity for none), got ${showValue(given["timeoutMs"])}`);
  }
  return problems;
}

/**
 * Maps Web-standard requests to operations and outcomes to responses. Mount the returned
 * function on any host: `serve({ fetch: handler })` with @hono/node-server, Bun, Deno.
 * A HEAD is answered wherever a GET route leads to a query: the GET's status and headers, no body.
 */
export function createHttpHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: Application<any>,
  options: HttpHandlerOptions,
): HttpHandler {
  const problems = optionProblems(app, options);
  if (problems.length > 0) throw new TypeError(`createHttpHandler: ${problems.join("; ")}`);
  const unknown = options.routes.filter((route) => app.operation(route.operation) === undefined);
  if (unknown.length > 0) {
    throw new TypeError(
      `createHttpHandler: ${unknown.map((route) => `${route.method} ${route.path} -> "${route.operation}"`).join(", ")}: no such operation in the application`,
    );
  }
  const operations = new Map<Route, AnyOperation>(options.routes.map((route) => [route, app.operation(route.operation) as AnyOperation]));
  // HEAD is served wherever GET is, by running the GET route's query: never a command's effects.
  const headRoutes = new Set(options.routes.filter((route) => route.method === "GET" && operations.get(route)?.kind === "query"));
  const match = compileRoutes(options.routes, headRoutes);
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) > 2_147_483_647 ? undefined : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onError = options.onError ?? ((error: unknown) => console.error("[agentix/http]", error));
  const abandoned = (deadline: RequestDeadline) =>
    deadline.clientAborted
      ? errorResponse(503, "ABORTED", "The client closed the request.")
      : errorResponse(503, "TIMEOUT", "The server did not finish this request in time.");

  const answer = async (request: Request, method: string): Promise<Response> => {
    const deadline = new RequestDeadline(request, timeoutMs);
    try {
      const url = new URL(request.url);
      const found = match(method, url.pathname);
      if (found.kind === "bad-path") return errorResponse(400, "BAD_REQUEST", "The request path is not valid.");
      // A HEAD answered as its GET would be says GET, so that its content-length is the GET's.
      if (found.kind === "not-found") return errorResponse(404, "NOT_FOUND", `No route for ${method === "HEAD" ? "GET" : method} ${url.pathname}.`);
      if (found.kind === "method-not-allowed") {
        const refused = method === "HEAD" && !found.allow.includes("GET") ? "GET" : method;
        return errorResponse(405, "METHOD_NOT_ALLOWED", `${refused} is not allowed here.`, undefined, { allow: found.allow.join(", ") });
      }
      // From here on the route's method decides (a HEAD runs as the GET it matched).
      const { route, params } = found;
      // Authentication and authorization first: a request that may not run the operation
      // learns nothing about body limits or formats, and its body is never read.
      const candidate = await deadline.race(() => options.principal(request));
      if (candidate === ABANDONED) return abandoned(deadline);
      const authorization = authorize(operations.get(route) as AnyOperation, candidate);
      if (!authorization.ok) {
        if (authorization.anonymous) return unauthenticated();
        return errorResponse(403, "FORBIDDEN", authorization.error.message, authorization.error.details);
      }
      let body: unknown;
      if (bodyMethods.has(route.method)) {
        const read = await readJsonBody(request, limit, deadline.signal);
        if (read.kind === "aborted") return abandoned(deadline);
        if (read.kind === "unreadable") return errorResponse(400, "BAD_REQUEST", "The request body could not be read.");
        if (read.kind === "too-large") return errorResponse(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`);
        if (read.kind === "unsupported-media-type") return errorResponse(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
        if (read.kind === "malformed") return errorResponse(400, "MALFORMED_JSON", `${capitalize(read.reason)}.`);
        body = read.kind === "json" ? read.value : undefined;
      }
      const routeRequest: RouteRequest = { params, query: url.searchParams, body, headers: request.headers };
      const input = route.input ? route.input(routeRequest) : defaultInput(route.method, routeRequest);
      if (input instanceof Response) return input;
      const outcome = await app.dispatchUntyped(route.operation, input, { principal: authorization.principal, signal: deadline.signal });
      if (!outcome.ok && (outcome.error.code === "TIMEOUT" || outcome.error.code === "ABORTED")) return abandoned(deadline);
      const fromQuery = route.input === undefined && !bodyMethods.has(route.method);
      return outcomeResponse(outcome, { route, operation: operations.get(route) as AnyOperation, request: routeRequest, fromQuery, errorStatus: options.errorStatus });
    } catch (error) {
      // A client that went away is not a server failure: nothing to report, nobody to answer.
      if (deadline.clientAborted) return abandoned(deadline);
      onError(error, request);
      return internalErrorResponse("DEFECT");
    } finally {
      deadline.dispose();
    }
  };

  // Not async itself: a GET or POST costs no extra promise for what only a HEAD needs.
  return (request) => {
    let method: string;
    try {
      method = request.method;
    } catch (error) {
      return Promise.reject(error as Error); // as the async handler did for a request that cannot be read
    }
    const response = answer(request, method);
    return method === "HEAD" ? response.then(withoutBody) : response;
  };
}

/** Body (an object) or query parameters, plus path parameters; a conflict is a 400. */
function defaultInput(method: string, request: RouteRequest): unknown {
  let base: Record<string, unknown>;
  if (bodyMethods.has(method)) {
    if (request.body === undefined) base = {};
    else if (request.body !== null && typeof request.body === "object" && !Array.isArray(request.body)) base = { ...(request.body as object) };
    else if (Object.keys(request.params).length === 0) return request.body;
    else return errorResponse(400, "INVALID_INPUT", "The request body must be a JSON object.");
  } else {
    base = Object.fromEntries(request.query);
  }
  for (const [name, value] of Object.entries(request.params)) {
    if (Object.hasOwn(base, name) && base[name] !== value) {
      return errorResponse(400, "INVALID_INPUT", `"${name}" is given in both the path and the request.`, {
        issues: [{ code: "invalid_value", path: `/${name}`, message: "conflicts with the path parameter" }],
      });
    }
    base[name] = value;
  }
  return base;
}

function unauthenticated(): Response {
  return errorResponse(401, "UNAUTHENTICATED", "This operation needs an authenticated principal.");
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
