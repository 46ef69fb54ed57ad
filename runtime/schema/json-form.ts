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

/** The search gave up: the value is deeper, larger or more shared than a plain walk should go. */
const GAVE_UP = 2;
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

/**
 * Whether JSON.stringify would call a `toJSON` anywhere in `value` (it looks at objects,
 * functions and bigints). Every output is searched, so the usual value (a small tree) is walked
 * without allocating; a deep, cyclic or heavily shared one is searched again, each object once.
 */
export function holdsToJSON(value: unknown): boolean {
  const budget = { nodes: MAX_NODES };
  const found = walk(value, 0, budget);
  return found === GAVE_UP ? searchOnce(value) : found === 1;
}

/** 1: found, 0: not found, GAVE_UP. The keys JSON.stringify reads: an array's items, an object's own enumerable string keys. */
function walk(value: unknown, depth: number, budget: { nodes: number }): 0 | 1 | typeof GAVE_UP {
  if (typeof value === "bigint") return callsToJSON(value) ? 1 : 0;
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return 0;
  if (callsToJSON(value)) return 1;
  if (typeof value === "function") return 0; // sent as nothing: its properties never are
  if (depth === MAX_DEPTH || --budget.nodes < 0) return GAVE_UP;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = walk(value[index], depth + 1, budget);
      if (found !== 0) return found;
    }
    return 0;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = walk((value as Record<string, unknown>)[key], depth + 1, budget);
    if (found !== 0) return found;
  }
  return 0;
}

/** The same search without limits, each object looked at once (cycles and shared parts included). */
function searchOnce(value: unknown): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === "bigint" && callsToJSON(node)) return true;
    if (node === null || (typeof node !== "object" && typeof node !== "function") || seen.has(node)) continue;
    seen.add(node);
    if (callsToJSON(node)) return true;
    if (typeof node !== "object") continue;
    for (const item of Array.isArray(node) ? (node as unknown[]) : Object.values(node)) pending.push(item);
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
