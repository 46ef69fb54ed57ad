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
  /** Status of a successful response. Default: 201 for POST, 200 otherwise. */
  readonly status?: number;
  /** Status per declared error code, overriding the handler's `errorStatus`. */
  readonly errors?: Readonly<Record<string, number>>;
  /**
   * Builds the operation's input. Default: the JSON body (an object) for POST/PUT/PATCH, the
   * query parameters for GET/DELETE, plus the path parameters.
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

/** One entry of the plain route array: `route("POST", "/customers", "customers.register")`. */
export function route(method: HttpMethod, path: string, operation: string, options: RouteOptions = {}): Route {
  if (!methods.has(method)) throw new TypeError(`route: unsupported method ${JSON.stringify(method)}`);
  if (!path.startsWith("/")) throw new TypeError(`route ${method} ${path}: the path must start with "/"`);
  return Object.freeze({ ...options, method, path, operation });
}
