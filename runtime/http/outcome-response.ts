import type { Outcome } from "../application/outcome.js";
import type { AnyOperation } from "../descriptors/operation.js";
import { checkJsonForm } from "../schema/json-form.js";
import { errorResponse, internalErrorResponse, jsonResponse, jsonTextResponse } from "./envelope.js";
import { declaredErrorMessage, queryInputMessage } from "./error-message.js";
import type { Route, RouteRequest } from "./route.js";

/** What the handler knows of the request an outcome answers. */
export interface Answering {
  readonly route: Route;
  readonly operation: AnyOperation;
  readonly request: RouteRequest;
  /** Whether the route's input came from the query string (the default input of a GET or DELETE). */
  readonly fromQuery: boolean;
  /** The handler's `errorStatus` option. */
  readonly errorStatus: Readonly<Record<string, number>> | undefined;
}

// Codes are looked up as own keys only: a declared code may be named like an Object.prototype
// member ("constructor", "toString"), and must not find what the prototype holds.
const frameworkStatus: ReadonlyMap<string, number> = new Map([
  ["FORBIDDEN", 403],
  ["INVALID_INPUT", 400],
  ["UNKNOWN_OPERATION", 500],
  ["UNDECLARED_EFFECT", 500],
  ["INVALID_OUTPUT", 500],
  ["DEFECT", 500],
  ["TIMEOUT", 503],
  ["ABORTED", 503],
]);

/** The status a `{ CODE: status }` map gives a code of its own. */
function statusOf(statuses: Readonly<Record<string, number>> | undefined, code: string): number | undefined {
  return statuses !== undefined && Object.hasOwn(statuses, code) ? statuses[code] : undefined;
}

/**
 * The response to a dispatch's outcome: the value with the route's success status; a framework
 * code with its status (every server-side fault a bare 500); a declared error with the status
 * the route or the handler gives it, default 422.
 *
 * A value or details holding a `toJSON` are sent as the one text JSON.stringify made of them
 * here, once that text passed the schema; dispatch checked them too, but a `toJSON` may answer
 * differently each time. Text that breaks the schema is answered as dispatch answers output
 * that breaks it: 500 INVALID_OUTPUT.
 */
export function outcomeResponse(outcome: Outcome<unknown, { code: string; message?: string; details?: unknown }>, answering: Answering): Response {
  const { route, operation } = answering;
  if (outcome.ok) {
    const sent = checkJsonForm(operation.output, outcome.value);
    if (sent !== undefined && !sent.result.ok) return internalErrorResponse("INVALID_OUTPUT");
    const status = route.status ?? (route.method === "POST" ? 201 : 200);
    return sent === undefined ? jsonResponse(status, outcome.value) : jsonTextResponse(status, sent.text);
  }
  const { code, message, details } = outcome.error;
  const status = frameworkStatus.get(code);
  if (status === 500) return internalErrorResponse(code);
  if (code === "INVALID_INPUT" && answering.fromQuery) {
    return errorResponse(400, code, queryInputMessage(message ?? code, details, answering.request), details);
  }
  if (status !== undefined) return errorResponse(status, code, message ?? code, details);
  const schema = Object.hasOwn(operation.errors, code) ? operation.errors[code] : undefined;
  const sent = schema === undefined ? undefined : checkJsonForm(schema, details);
  if (sent !== undefined && !sent.result.ok) return internalErrorResponse("INVALID_OUTPUT");
  const declaredStatus = statusOf(route.errors, code) ?? statusOf(answering.errorStatus, code) ?? 422;
  return errorResponse(declaredStatus, code, message ?? declaredErrorMessage(operation, code), sent === undefined ? details : sent.value);
}
