// Keys that generic code probes on any object (await, JSON, test matchers, inspection):
// answering them with a refusing function would make `await effects` or a log line fail.
const probedKeys: ReadonlySet<string> = new Set(["then", "toJSON", "constructor", "valueOf", "toString", "inspect", "asymmetricMatch", "$$typeof", "nodeType"]);

/**
 * The declared capabilities of one dispatch as its own properties, and their owner (the run)
 * in a private field (invisible to `Object.keys`, `Reflect.ownKeys` and `in`). Its prototype
 * is empty and null, so a key it does not own reads as `undefined`.
 */
class CapabilityTable {
  readonly #owner: unknown;

  constructor(owner: unknown) {
    this.#owner = owner;
  }

  static ownerOf(table: CapabilityTable): unknown {
    return table.#owner;
  }
}
Object.setPrototypeOf(CapabilityTable.prototype, null);
Reflect.deleteProperty(CapabilityTable.prototype, "constructor");

/** A kind of capability context: how a declared slot becomes a function, and what refuses the rest. */
export interface CapabilityKind<Owner, Slot extends { readonly key: string }, Fn> {
  readonly bind: (owner: Owner, slot: Slot) => Fn;
  readonly refuse: (owner: Owner, key: string) => Fn;
}

/** One set of traps per kind, shared by every context of that kind. */
function trapsFor(refuse: (owner: never, key: string) => unknown): ProxyHandler<CapabilityTable> {
  return {
    get(table, key) {
      if (typeof key !== "string") return undefined;
      const declared: unknown = (table as unknown as Record<string, unknown>)[key];
      if (declared !== undefined) return declared;
      return probedKeys.has(key) ? undefined : refuse(CapabilityTable.ownerOf(table) as never, key);
    },
    has: (table, key) => typeof key === "string" && Object.hasOwn(table, key),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  };
}

/**
 * Makes the factory of one kind of context: an object exposing exactly the declared
 * capabilities, `bind(owner, slot)` for each slot. Reading any other string key gives
 * `refuse(owner, key)`, a function that refuses (so the refusal has a precise code instead of
 * "is not a function"); the object cannot be modified.
 */
export function capabilityProxy<Owner, Slot extends { readonly key: string }, Fn extends (...args: never[]) => unknown>(
  kind: CapabilityKind<Owner, Slot, Fn>,
): (owner: Owner, slots: readonly Slot[]) => Readonly<Record<string, Fn>> {
  const traps = trapsFor(kind.refuse as (owner: never, key: string) => unknown);
  const bind = kind.bind;
  return (owner, slots) => {
    const table = new CapabilityTable(owner);
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as Slot;
      (table as unknown as Record<string, Fn>)[slot.key] = bind(owner, slot);
    }
    return new Proxy(table, traps) as unknown as Readonly<Record<string, Fn>>;
  };
}
