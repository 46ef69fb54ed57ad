import { describeValue, kindOf, tag } from "./descriptor-kind.js";
import type { AnyPort, PortHandlers } from "./port.js";

export interface Adapter<P extends AnyPort = AnyPort> {
  readonly port: P;
  readonly handlers: PortHandlers<P>;
  /** A name for diagnostics and the index, e.g. `"sqlite-orders"`. */
  readonly name: string | undefined;
}

export type AnyAdapter = Adapter<AnyPort>;

/** Binds a port to its implementation. Every operation of the port needs a handler. */
export function implementPort<P extends AnyPort>(port: P, handlers: PortHandlers<P>, options: { readonly name?: string } = {}): Adapter<P> {
  if (kindOf(port) !== "port") throw new TypeError(`implementPort: expected a port from definePort(...), got ${describeValue(port)}`);
  const missing = Object.keys(port.operations).filter(
    (name) => typeof (handlers as Record<string, unknown>)[name] !== "function",
  );
  if (missing.length > 0) {
    throw new TypeError(`implementPort "${port.id}": missing handler${missing.length > 1 ? "s" : ""} for ${missing.join(", ")}`);
  }
  const extra = Object.keys(handlers).filter((name) => !(name in port.operations));
  if (extra.length > 0) {
    throw new TypeError(`implementPort "${port.id}": ${extra.join(", ")} ${extra.length > 1 ? "are not operations" : "is not an operation"} of the port`);
  }
  return tag("adapter", { port, handlers: Object.freeze({ ...handlers }), name: options.name });
}
