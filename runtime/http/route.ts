import { showValue } from "../descriptors/descriptor-kind.js";
import { unknownKeyProblems } from "../descriptors/known-keys.js";
import { errorStatusProblems, isSuccessStatus } from "./status.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a route's `input` mapper receives. */
export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body; `undefined` when the request has none. */
  readonly body: unknown;
  readonly headers: Headers;
}

export interface RouteOptions {
  /** Status of a successful response, 200 to 599. Default: 201 for POST, 200 otherwise. */
  readonly status?: number;
  /** Status per declared error code (400 to 599), overriding the handler's `errorStatus`. */
  readonly errors?: Readonly<Record<string, number>>;
  /**
   * Builds the operation's input. Default: the JSON body (an object) for POST/PUT/PATCH, the
   * query parameters for GET/DELETE, plus the path parameters. Inputs are closed, so a query
   * parameter the input does not declare (`?_=1`) is a 400; a function that picks the
   * parameters the operation takes ignores the others.
   */
  readonly input?: (request: RouteRequest) => unknown;
}

export interface Route extends RouteOptions {
  readonly method: HttpMethod;
  /** A path with `:name` parameters, e.g. `/customers/:id`. */
  readonly path: string;
  readonly operation: string;
}

const methods: ReadonlySet<string> = new Set<HttpMethod>(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const optionKeys: ReadonlySet<string> = new Set(["status", "errors", "input"]);

/** One entry of the plain route array: `route("POST", "/customers", "customers.register")`. */
export function route(method: HttpMethod, path: string, operation: string, options: RouteOptions = {}): Route {
  if (!methods.has(method)) throw new TypeError(`route: unsupported method ${JSON.stringify(method)}`);
  if (typeof path !== "string" || !path.startsWith("/")) throw new TypeError(`route ${method} ${String(path)}: the path must start with "/"`);
  const problems = [...pathProblems(path)];
  if (typeof operation !== "string" || operation === "") problems.push("the operation must be a non-empty operation id");
  if (options === null || typeof options !== "object") problems.push("the options must be an object");
  else {
    problems.push(...unknownKeyProblems(options, optionKeys, "option"));
    if (options.status !== undefined && !isSuccessStatus(options.status)) problems.push(`status must be an integer from 200 to 599, got ${showValue(options.status)}`);
    problems.push(...errorStatusProblems(options.errors, "errors"));
    if (options.input !== undefined && typeof options.input !== "function") problems.push("input must be a function (request) => input");
  }
  if (problems.length > 0) throw new TypeError(`route ${method} ${path}: ${problems.join("; ")}`);
  return Object.freeze({ ...options, method, path, operation });
}

function pathProblems(path: string): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const segment of path.split("/").slice(1)) {
    if (!segment.startsWith(":")) continue;
    const name = segment.slice(1);
    if (name === "") problems.push("a path parameter needs a name (\":\" alone)");
    else if (names.has(name)) problems.push(`the path parameter "${name}" appears twice`);
    // It would set the input's prototype, not a key (a body or query naming it is a 400 already).
    else if (name === "__proto__") problems.push('a path parameter cannot be named "__proto__"');
    names.add(name);
  }
  return problems;
}
