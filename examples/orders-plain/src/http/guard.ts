// The checks every route runs before its handler, in this order (it is part of the API):
// authenticate (401), authorize (403): a caller who may not make the request never has its
// body read; then read the JSON body (413, 415, 400 MALFORMED_JSON). Input validation follows
// in the handler (parseInput), so it is checked only for callers allowed to make the request.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import type { Permission, Principal } from "./authentication.js";
import { ApiError, errorBody } from "./errors.js";

/** What the guard leaves for the handler on the Hono context. */
export interface AppEnv {
  Variables: {
    /** The operation's name, e.g. `orders.create`, for messages. */
    action: string;
    principal: Principal;
    /** The parsed JSON body; `undefined` when the request has none. */
    body: unknown;
  };
}

/** `guard("orders.create", "orders:write")`: the middleware in front of one route. */
export type Guard = (action: string, permission: Permission) => MiddlewareHandler;

export interface GuardOptions {
  readonly principalFor: (authorization: string | undefined) => Principal | undefined;
  /** Largest accepted request body in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
}

export function createGuard(options: GuardOptions): Guard {
  const limit = options.maxBodyBytes ?? 1024 * 1024;

  const tooLarge = (c: Context) => c.json(errorBody("PAYLOAD_TOO_LARGE", `The request body is larger than ${String(limit)} bytes.`), 413);
  const countBody = bodyLimit({ maxSize: limit, onError: tooLarge });
  // A declared length over the limit is refused before the body is touched: once the body
  // stream is opened, Node can no longer discard the unread rest and keep the connection.
  const limitBody = createMiddleware<AppEnv>(async (c, next) => {
    if (Number(c.req.header("content-length") ?? 0) > limit) return tooLarge(c);
    return countBody(c, next);
  });

  const readBody = createMiddleware<AppEnv>(async (c, next) => {
    c.set("body", c.req.method === "POST" ? parseJson(await c.req.arrayBuffer(), c.req.header("content-type")) : undefined);
    await next();
  });

  return (action, permission) =>
    every(
      createMiddleware<AppEnv>(async (c, next) => {
        c.set("action", action);
        const principal = options.principalFor(c.req.header("authorization"));
        if (principal === undefined) throw new ApiError(401, "UNAUTHENTICATED", "This operation needs an authenticated principal.");
        if (!principal.permissions.has(permission)) {
          throw new ApiError(403, "FORBIDDEN", `principal "${principal.id}" lacks ${permission} for ${action}`, { missing: [permission] });
        }
        c.set("principal", principal);
        await next();
      }),
      limitBody,
      readBody,
    );
}

const jsonMediaType = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

function parseJson(bytes: ArrayBuffer, contentType: string | undefined): unknown {
  if (bytes.byteLength === 0) return undefined;
  if (!jsonMediaType.test(contentType ?? "")) throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "The request body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "The request body is not valid JSON.");
  }
  // Valid UTF-8 holds no lone surrogate, but a JSON escape can ("\ud800"); such a string
  // could not be stored or sent on unchanged, so it is refused.
  if (text.includes("\\u") && hasLoneSurrogate(value)) {
    throw new ApiError(400, "MALFORMED_JSON", "The request body has a string with a lone surrogate (an unpaired \\ud800-\\udfff escape).");
  }
  return value;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return loneSurrogate.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => loneSurrogate.test(key) || hasLoneSurrogate(item));
  }
  return false;
}
