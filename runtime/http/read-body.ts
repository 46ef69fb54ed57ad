export type BodyResult =
  | { readonly kind: "empty" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "too-large" }
  | { readonly kind: "malformed"; readonly reason: string }
  | { readonly kind: "unsupported-media-type" }
  /** The body stream failed (the client went away, or sent a broken chunked body). */
  | { readonly kind: "unreadable" }
  /** The signal aborted (deadline or client abort) before the body was read. */
  | { readonly kind: "aborted" };

/**
 * Reads a JSON body without ever holding more than `limit` bytes of it, and stops waiting for
 * it at once when the signal aborts.
 */
export async function readJsonBody(request: Request, limit: number, signal: AbortSignal): Promise<BodyResult> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return { kind: "too-large" };
  const read = declared !== null && /^\d+$/.test(declared) ? await readDeclared(request, Number(declared), signal) : await readStream(request, limit, signal);
  if (!(read instanceof Uint8Array)) return read;
  const size = read.byteLength;
  if (size === 0) return { kind: "empty" };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) return { kind: "unsupported-media-type" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(read);
  } catch {
    return { kind: "malformed", reason: "the request body is not valid UTF-8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { kind: "malformed", reason: "the request body is not valid JSON" };
  }
  // Valid UTF-8 cannot hold a lone surrogate, but a JSON escape can (`"\ud800"`): such a string
  // cannot be stored or sent on as UTF-8 without changing it, so it is refused (as I-JSON does).
  if (escapedSurrogate.test(text) && hasLoneSurrogate(value)) {
    return { kind: "malformed", reason: "the request body has a string with a lone surrogate (an unpaired \\ud800-\\udfff escape)" };
  }
  return { kind: "json", value };
}

/**
 * A body of declared length (at most `limit`), read whole with `arrayBuffer()`: hosts answer
 * that without a stream (@hono/node-server reads it straight from the socket, which a
 * `request.body` reader would cost a Web stream and a full Request for). The host's HTTP
 * parser holds a body to its Content-Length; one that still does not match it is refused.
 */
async function readDeclared(request: Request, length: number, signal: AbortSignal): Promise<Uint8Array | BodyResult> {
  if (signal.aborted) return { kind: "aborted" };
  let bytes: ArrayBuffer | typeof ABORTED;
  try {
    bytes = await untilAborted(request.arrayBuffer(), signal);
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "unreadable" };
  }
  if (bytes === ABORTED) return { kind: "aborted" };
  if (bytes.byteLength !== length) return { kind: "unreadable" };
  return new Uint8Array(bytes);
}

const ABORTED: unique symbol = Symbol("aborted");

/** The promise's value, or ABORTED as soon as the signal aborts (a late rejection is ignored). */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A body of unknown length, read chunk by chunk up to `limit`; an abort cancels the read. */
async function readStream(request: Request, limit: number, signal: AbortSignal): Promise<Uint8Array | BodyResult> {
  if (request.body === null) return { kind: "empty" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  // Cancelling the reader ends a pending read at once; the loop then sees the abort.
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      if (signal.aborted) return { kind: "aborted" };
      const { done, value } = await reader.read();
      if (signal.aborted) return { kind: "aborted" };
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return { kind: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "unreadable" };
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  return concat(chunks, size);
}

const escapedSurrogate = /\\u[dD][89a-fA-F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "string") {
      if (loneSurrogate.test(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current as unknown[]) pending.push(item);
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (loneSurrogate.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
