/** Every error response has this body: `{ "error": { "code", "message", "details"? } }`. */
export interface ErrorEnvelope {
  readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8" } as const;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body ?? null), { status, headers: { ...jsonHeaders, ...headers } });
}

export function errorResponse(status: number, code: string, message: string, details?: unknown, headers?: Record<string, string>): Response {
  const envelope: ErrorEnvelope = { error: details === undefined ? { code, message } : { code, message, details } };
  return jsonResponse(status, envelope, headers);
}

/** What a client sees of a server-side fault: a code and a fixed sentence, never internals. */
export function internalErrorResponse(code: string): Response {
  return errorResponse(500, code, "The server failed to handle this request.");
}
