export type BodyResult =
  | { readonly kind: "empty" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "too-large" }
  | { readonly kind: "malformed"; readonly reason: string }
  | { readonly kind: "unsupported-media-type" };

/** Reads a JSON body without ever holding more than `limit` bytes of it. */
export async function readJsonBody(request: Request, limit: number): Promise<BodyResult> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return { kind: "too-large" };
  if (request.body === null) return { kind: "empty" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { kind: "too-large" };
    }
    chunks.push(value);
  }
  if (size === 0) return { kind: "empty" };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) return { kind: "unsupported-media-type" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(concat(chunks, size));
  } catch {
    return { kind: "malformed", reason: "the request body is not valid UTF-8" };
  }
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch {
    return { kind: "malformed", reason: "the request body is not valid JSON" };
  }
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
