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
