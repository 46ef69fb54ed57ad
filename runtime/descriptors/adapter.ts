import { describeValue, kindOf, showValue, tag } from "./descriptor-kind.js";
import { unknownKeyProblems } from "./known-keys.js";
import type { HandlerContext } from "./port-operation.js";
import type { AnyPort, BoundHandlers, PortHandlers } from "./port.js";

export interface Adapter<P extends AnyPort = AnyPort> {
  readonly port: P;
  /**
   * The handlers, callable outside dispatch too (a storage test, a script): called without a
   * context, a handler gets one whose signal never aborts.
   */
  readonly handlers: BoundHandlers<P>;
  /** A name for diagnostics and the index, e.g. `"sqlite-orders"`. */
  readonly name: string | undefined;
}

export type AnyAdapter = Adapter<AnyPort>;

type RawHandler = (input: unknown, context: HandlerContext) => unknown;

/** The handlers exactly as given, which dispatch calls with its own context. */
const RAW_HANDLERS: unique symbol = Symbol.for("agentix.adapter.handlers");

const idleContext: HandlerContext = Object.freeze({ signal: new AbortController().signal });

export function rawHandlersOf(adapter: AnyAdapter): Readonly<Record<string, RawHandler>> {
  return (adapter as unknown as { [RAW_HANDLERS]: Readonly<Record<string, RawHandler>> })[RAW_HANDLERS];
}

const optionKeys: ReadonlySet<string> = new Set(["name"]);

/**
 * The handler given for an operation: the handlers object's own, or its class's, never
 * Object.prototype's method of the same name (an operation may be called `toString`).
 */
function handlerOf(handlers: object, name: string): unknown {
  for (let holder: object | null = handlers; holder !== null && holder !== Object.prototype; holder = Object.getPrototypeOf(holder) as object | null) {
    if (Object.hasOwn(holder, name)) return (handlers as Record<string, unknown>)[name];
  }
  return undefined;
}

/** Binds a port to its implementation. Every operation of the port needs a handler. */
export function implementPort<P extends AnyPort>(port: P, handlers: PortHandlers<P>, options: { readonly name?: string } = {}): Adapter<P> {
  if (kindOf(port) !== "port") throw new TypeError(`implementPort: expected a port from definePort(...), got ${describeValue(port)}`);
  const where = `implementPort "${port.id}"`;
  if (handlers === null || typeof handlers !== "object") {
    throw new TypeError(`${where}: handlers must be an object with one function per port operation, got ${describeValue(handlers)}`);
  }
  const given = new Map(Object.keys(port.operations).map((name) => [name, handlerOf(handlers, name)]));
  const missing = [...given].filter(([, handler]) => handler === undefined).map(([name]) => name);
  const problems = missing.length > 0 ? [`missing handler${missing.length > 1 ? "s" : ""} for ${missing.join(", ")}`] : [];
  for (const [name, handler] of given) {
    if (handler !== undefined && typeof handler !== "function") problems.push(`handler for ${name} must be a function, got ${describeValue(handler)}`);
  }
  const extra = Object.keys(handlers).filter((name) => !Object.hasOwn(port.operations, name));
  if (extra.length > 0) problems.push(`${extra.join(", ")} ${extra.length > 1 ? "are not operations" : "is not an operation"} of the port`);
  if (options === null || typeof options !== "object" || Array.isArray(options)) problems.push(`options must be an object { name? }, got ${describeValue(options)}`);
  else {
    problems.push(...unknownKeyProblems(options, optionKeys, "option"));
    if (options.name !== undefined && typeof options.name !== "string") problems.push(`name must be a string, got ${showValue(options.name)}`);
  }
  if (problems.length > 0) throw new TypeError(`${where}: ${problems.join("; ")}`);
  const raw: Record<string, RawHandler> = {};
  const bound: Record<string, (input?: unknown, context?: HandlerContext) => unknown> = {};
  for (const [name, found] of given) {
    const handler = found as RawHandler;
    raw[name] = handler;
    bound[name] = (input, context = idleContext) => handler(input, context);
  }
  const adapter = { port, handlers: Object.freeze(bound) as unknown as BoundHandlers<P>, name: options.name };
  Object.defineProperty(adapter, RAW_HANDLERS, { value: Object.freeze(raw) });
  return tag("adapter", adapter);
}
