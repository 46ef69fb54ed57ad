import type { AnyOperation } from "../descriptors/operation.js";
import { unescapePointerSegment } from "../schema/issues.js";
import type { RouteRequest } from "./route.js";

/**
 * The envelope message of a declared error the operation gave none for (`fail(code, details,
 * message)`): the description of the error's schema when it has one (`s.object({ ... },
 * { description })`, or a foreign validator's own `description`), else a sentence naming the
 * operation and the code. Never the code alone.
 */
export function declaredErrorMessage(operation: AnyOperation, code: string): string {
  let description: unknown;
  try {
    const schema: unknown = Object.hasOwn(operation.errors, code) ? operation.errors[code] : undefined;
    description = schema !== null && typeof schema === "object" ? (schema as { description?: unknown }).description : undefined;
  } catch {
    description = undefined; // a foreign validator whose getter throws has no usable description
  }
  if (typeof description === "string" && description.trim() !== "") return description;
  return `${operation.id} failed with ${code}.`;
}

/**
 * The message of a 400 INVALID_INPUT built from the query string: the query is the operation's
 * (closed) input, so a parameter it does not declare (`?_=1`, `utm_source`) is an unknown
 * property; the message names it as a query parameter, which the issue path alone does not.
 */
export function queryInputMessage(message: string, details: unknown, request: RouteRequest): string {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return message;
  // At most 50 issues, against the query's keys looked up once (a hostile query has thousands).
  let keys: ReadonlySet<string> | undefined;
  const unknown: string[] = [];
  for (const issue of issues as readonly { code?: unknown; path?: unknown }[]) {
    if (issue.code !== "unknown_property" || typeof issue.path !== "string" || issue.path.lastIndexOf("/") !== 0) continue;
    const name = unescapePointerSegment(issue.path.slice(1));
    keys ??= new Set(request.query.keys());
    if (keys.has(name) && !Object.hasOwn(request.params, name)) unknown.push(JSON.stringify(name));
  }
  if (unknown.length === 0) return message;
  return `${message}: unknown query parameter${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}`;
}
