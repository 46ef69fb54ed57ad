/** Every error response has this body: `{ "error": { "code", "message", "details"? } }`. */
export interface ErrorEnvelope {
  readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
}

/** No error response body is larger than this, whatever the outcome carried. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_TEXT = 1_000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 16;

const jsonHeaders = { "content-type": "application/json; charset=utf-8" } as const;
/** Statuses whose responses have no body, by the fetch standard. */
const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205, 304]);
const encoder = new TextEncoder();

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(status, nullBodyStatuses.has(status) ? undefined : JSON.stringify(body ?? null), headers);
}

/** A response whose body is JSON text already made (`undefined`: none). */
export function jsonTextResponse(status: number, text: string | undefined, headers: Record<string, string> = {}): Response {
  return new Response(nullBodyStatuses.has(status) ? null : text, { status, headers: { ...jsonHeaders, ...headers } });
}

export function errorResponse(status: number, code: string, message: string, details?: unknown, headers?: Record<string, string>): Response {
  return new Response(errorBody(code, message, details), { status, headers: { ...jsonHeaders, ...headers } });
}

/**
 * The answer to a HEAD: the status and headers the GET would have, no body (RFC 9110 9.3.2).
 * The length the body would have had is kept as `content-length`, as a host sends it for GET.
 */
export async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body !== null) headers.set("content-length", String((await response.arrayBuffer()).byteLength));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}

/** What a client sees of a server-side fault: a code and a fixed sentence, never internals. */
export function internalErrorResponse(code: string): Response {
  return errorResponse(500, code, "The server failed to handle this request.");
}

/**
 * The envelope as JSON, at most 64 KiB: as it is when it fits; else with long strings cut and
 * long lists shortened in its details; else without details.
 */
export function errorBody(code: string, message: string, details: unknown): string {
  const text = cut(message);
  const attempts: (() => unknown)[] = [() => details, () => shrink(details, 0)];
  for (const attempt of attempts) {
    const body = stringify(code, text, attempt());
    if (body !== undefined && fits(body)) return body;
  }
  const bare = stringify(code, `${text} (details omitted: larger than ${MAX_ERROR_BODY_BYTES} bytes)`, undefined);
  if (bare !== undefined && fits(bare)) return bare;
  return JSON.stringify({ error: { code: "DEFECT", message: "The server failed to handle this request." } } satisfies ErrorEnvelope);
}

function stringify(code: string, message: string, details: unknown): string | undefined {
  const envelope: ErrorEnvelope = { error: details === undefined ? { code, message } : { code, message, details } };
  try {
    return JSON.stringify(envelope);
  } catch {
    return undefined; // details that are not JSON (a cycle, a BigInt)
  }
}

function fits(body: string): boolean {
  // Every UTF-16 unit is at most 3 bytes of UTF-8: short bodies need no encoding to know.
  return body.length * 3 <= MAX_ERROR_BODY_BYTES || encoder.encode(body).byteLength <= MAX_ERROR_BODY_BYTES;
}

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}... (${text.length - MAX_TEXT} more characters)`;
}

function shrink(value: unknown, depth: number): unknown {
  if (typeof value === "string") return cut(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "...";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item: unknown) => shrink(item, depth + 1));
  const shrunk: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, item] of Object.entries(value)) {
    if (kept++ >= MAX_ITEMS) break;
    shrunk[cut(key)] = shrink(item, depth + 1);
  }
  return shrunk;
}
