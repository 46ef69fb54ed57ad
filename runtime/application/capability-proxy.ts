// Keys that generic code probes on any object (await, JSON, test matchers, inspection):
// answering them with a refusing function would make `await effects` or a log line fail.
const probedKeys: ReadonlySet<string> = new Set(["then", "toJSON", "constructor", "valueOf", "toString", "inspect", "asymmetricMatch", "$$typeof", "nodeType"]);

/**
 * An object exposing exactly the declared capabilities. Reading any other string key gives a
 * function that refuses (so the refusal has a precise code instead of "is not a function");
 * the object cannot be modified.
 */
export function capabilityProxy<Fn extends (...args: never[]) => unknown>(
  declared: Readonly<Record<string, Fn>>,
  undeclared: (key: string) => Fn,
): Readonly<Record<string, Fn>> {
  const target: Record<string, Fn> = Object.assign(Object.create(null) as Record<string, Fn>, declared);
  return new Proxy(target, {
    get(_target, key) {
      if (typeof key !== "string") return undefined;
      if (Object.hasOwn(target, key)) return target[key];
      return probedKeys.has(key) ? undefined : undeclared(key);
    },
    has: (_target, key) => typeof key === "string" && Object.hasOwn(target, key),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
