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

/** An optional list slot of a definition: absent is empty; anything but an array is refused. */
export function listOrEmpty<T>(value: readonly T[] | undefined, where: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where} must be an array, got ${describeValue(value)}`);
  return value;
}

/** An optional map slot of a definition (effects, emits, errors): a plain object or absent. */
export function recordOrEmpty<T>(value: { readonly [key: string]: T } | undefined, where: string): { readonly [key: string]: T } {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new TypeError(`${where} must be an object, got ${describeValue(value)}`);
  return value;
}
