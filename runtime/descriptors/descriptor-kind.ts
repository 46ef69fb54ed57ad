/** Tags every descriptor with what it is, so createApplication can reject the wrong value. */
export const DESCRIPTOR: unique symbol = Symbol.for("agentix.descriptor");

export type DescriptorKind = "portOperation" | "port" | "adapter" | "event" | "command" | "query" | "invariant" | "contract" | "feature";

export function tag<T extends object>(kind: DescriptorKind, value: T): T {
  Object.defineProperty(value, DESCRIPTOR, { value: kind });
  return Object.freeze(value);
}

export function kindOf(value: unknown): DescriptorKind | undefined {
  if (value === null || typeof value !== "object") return undefined;
  return (value as { [DESCRIPTOR]?: DescriptorKind })[DESCRIPTOR];
}

export function describeValue(value: unknown): string {
  const kind = kindOf(value);
  const noun = kind ?? (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
  if (noun === "null" || noun === "undefined") return noun;
  return `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
}

/** Longest stretch of a caller's text a message repeats; the rest is counted, not shown. */
const MAX_SHOWN_CHARACTERS = 60;

/** A caller's text, JSON-quoted and cut to a readable length: `"^(97[89]"`, `"aaa…" (1048576 characters)`. */
export function quoted(text: string): string {
  if (text.length <= MAX_SHOWN_CHARACTERS) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, MAX_SHOWN_CHARACTERS)).slice(0, -1)}…" (${text.length} characters)`;
}

/**
 * A value as a message shows what it got: scalars as they are (`-1`, `NaN`, `true`, `the string
 * "100"`), so a string that looks like a number is not mistaken for one; anything else by its kind.
 */
export function showValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `the string ${quoted(value)}`;
    case "number":
    case "boolean":
      return String(value);
    case "bigint":
      return `${value}n`;
    case "symbol":
      return "a symbol";
    default:
      return Array.isArray(value) && value.length === 0 ? "an empty array" : describeValue(value);
  }
}

// The two slot readers below answer a copy, each item read once: the caller checks the copy and
// keeps it, so a getter or a proxy that answers differently on a second read (a write effect
// for a query's read one) cannot change what was checked.

/** An optional list slot of a definition: absent is empty; anything but an array is refused. */
export function listOrEmpty<T>(value: readonly T[] | undefined, where: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where} must be an array, got ${describeValue(value)}`);
  // slice reads the length and each index once (a spread would run the array's own iterator).
  return Array.prototype.slice.call(value) as T[];
}

/** An optional map slot of a definition (effects, emits, errors): a plain object or absent. */
export function recordOrEmpty<T>(value: { readonly [key: string]: T } | undefined, where: string): { readonly [key: string]: T } {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new TypeError(`${where} must be an object, got ${describeValue(value)}`);
  return { ...value };
}
