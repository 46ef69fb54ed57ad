// JSON.stringify does not always send a value as it is: wherever it finds a `toJSON` function
// (own or inherited: every Date has one) it sends what that returns instead. A closed schema
// that passed the value's own keys says nothing of that, so a value holding a toJSON is checked
// again as it would be sent. One that holds none is sent as it is: it pays for the search only.
import { isAgentixSchema } from "./create-schema.js";
import type { AnySchema, SafeParseResult } from "./types.js";

/** What a client receives: the JSON text (`undefined` when JSON.stringify sends nothing) and that text read back. */
export interface JsonForm {
  readonly text: string | undefined;
  readonly value: unknown;
}

const callsToJSON = (value: unknown): boolean => typeof (value as { toJSON?: unknown }).toJSON === "function";

/** Whether JSON.stringify would call a `toJSON` anywhere in `value` (it looks at objects, functions and bigints). */
export function holdsToJSON(value: unknown): boolean {
  if (typeof value === "bigint") return callsToJSON(value);
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const seen = new Set<object>();
  const pending: object[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    if (callsToJSON(node)) return true;
    if (typeof node === "function") continue; // sent as nothing: its properties never are
    // The keys JSON.stringify reads: an array's items, an object's own enumerable string keys.
    for (const item of Array.isArray(node) ? (node as unknown[]) : Object.values(node)) {
      if (typeof item === "bigint" && callsToJSON(item)) return true;
      if (item !== null && (typeof item === "object" || typeof item === "function")) pending.push(item);
    }
  }
  return false;
}

/** The value as JSON.stringify sends it. Throws what JSON.stringify throws (a toJSON that throws, a cycle). */
export function jsonForm(value: unknown): JsonForm {
  const text = JSON.stringify(value) as string | undefined;
  return { text, value: text === undefined ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * For a value sent as JSON (an operation's output, a declared error's details): its JSON form
 * and that form's check against the schema, when the value holds a `toJSON`; `undefined` when
 * the value is sent as it is. Only `s.*` schemas, which describe JSON, check the JSON form: a
 * foreign (Standard Schema) validator describes JavaScript values (`z.date()` accepts a Date,
 * whose JSON is a string), and decides on the value it returns.
 */
export function checkJsonForm(schema: AnySchema, value: unknown): (JsonForm & { readonly result: SafeParseResult<unknown> }) | undefined {
  if (!isAgentixSchema(schema) || !holdsToJSON(value)) return undefined;
  const form = jsonForm(value);
  return { ...form, result: schema.safeParse(form.value) };
}
