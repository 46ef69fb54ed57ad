import type { Application } from "../application/create-application.js";
import type { Principal } from "../descriptors/operation.js";
import { errorResponse, internalErrorResponse, jsonResponse } from "./envelope.js";
import { compileRoutes } from "./match-route.js";
import { readJsonBody } from "./read-body.js";
import type { Route, RouteRequest } from "./route.js";

export interface HttpHandlerOptions {
  /** The plain route array. */
  readonly routes: readonly Route[];
  /**
   * Authentication, as the application's own explicit function: the principal for this
   * request, or `undefined` when it carries none (operations needing permissions then get 401).
   */
  readonly principal: (request: Request) => Principal | undefined | Promise<Principal | undefined>;
  /** Largest accepted request body in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Status per declared error code for every route (a route's own `errors` wins). Default 422. */
  readonly errorStatus?: Readonly<Record<string, number>>;
  /** Receives failures of the transport itself (e.g. the principal function threw). */
  readonly onError?: (error: unknown, request: Request) => void;
}

export type HttpHandler = (request: Request) => Promise<Response>;

const frameworkStatus: Readonly<Record<string, number>> = {
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  UNKNOWN_OPERATION: 500,
  UNDECLARED_EFFECT: 500,
  INVALID_OUTPUT: 500,
  DEFECT: 500,
};

const bodyMethods: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

/**
 * Maps Web-standard requests to operations and outcomes to responses. Mount the returned
 * function on any host: `serve({ fetch: handler })` with @hono/node-server, Bun, Deno.
 */
export function createHttpHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: Application<any>,
  options: HttpHandlerOptions,
): HttpHandler {
  const unknown = options.routes.filter((route) => app.operation(route.operation) === undefined);
  if (unknown.length > 0) {
    throw new TypeError(
      `createHttpHandler: ${unknown.map((route) => `${route.method} ${route.path} -> "${route.operation}"`).join(", ")}: no such operation in the application`,
    );
  }
  const match = compileRoutes(options.routes);
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  const onError = options.onError ?? ((error: unknown) => console.error("[agentix/http]", error));

  return async (request) => {
    try {
      const url = new URL(request.url);
      const found = match(request.method, url.pathname);
      if (found.kind === "bad-path") return errorResponse(400, "BAD_REQUEST", "The request path is not valid.");
      if (found.kind === "not-found") return errorResponse(404, "NOT_FOUND", `No route for ${request.method} ${url.pathname}.`);
      if (found.kind === "method-not-allowed") {
        return errorResponse(405, "METHOD_NOT_ALLOWED", `${request.method} is not allowed here.`, undefined, { allow: found.allow.join(", ") });
      }
      const { route, params } = found;

      // Authentication first: an anonymous request for an operation that needs permissions
      // learns nothing about body limits or formats, and its body is never read.
      const principal = await options.principal(request);
      if (principal === undefined && (app.operation(route.operation)?.permissions.length ?? 0) > 0) return unauthenticated();

      let body: unknown;
      if (bodyMethods.has(request.method)) {
        const read = await readJsonBody(request, limit);
        if (read.kind === "too-large") return errorResponse(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`);
        if (read.kind === "unsupported-media-type") return errorResponse(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
        if (read.kind === "malformed") return errorResponse(400, "MALFORMED_JSON", `${capitalize(read.reason)}.`);
        body = read.kind === "json" ? read.value : undefined;
      }
      const routeRequest: RouteRequest = { params, query: url.searchParams, body, headers: request.headers };
      const input = route.input ? route.input(routeRequest) : defaultInput(request.method, routeRequest);
      if (input instanceof Response) return input;

      const outcome = await app.dispatchUntyped(route.operation, input, { principal });
      if (outcome.ok) return jsonResponse(route.status ?? (request.method === "POST" ? 201 : 200), outcome.value);

      const { code } = outcome.error;
      const status = frameworkStatus[code];
      if (status === 500) return internalErrorResponse(code);
      if (status !== undefined) return errorResponse(status, code, outcome.error.message ?? code, outcome.error.details);
      const declaredStatus = route.errors?.[code] ?? options.errorStatus?.[code] ?? 422;
      return errorResponse(declaredStatus, code, outcome.error.message ?? code, outcome.error.details);
    } catch (error) {
      onError(error, request);
      return internalErrorResponse("DEFECT");
    }
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
