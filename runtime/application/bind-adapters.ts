import type { AnyAdapter } from "../descriptors/adapter.js";
import { describeValue, kindOf } from "../descriptors/descriptor-kind.js";
import type { AnyPort } from "../descriptors/port.js";

export type Handler = (input?: unknown) => unknown;

export interface Bindings {
  /** Port operation id -> handler. */
  readonly handlers: ReadonlyMap<string, Handler>;
  readonly ports: ReadonlySet<AnyPort>;
  readonly problems: readonly string[];
}

/** One adapter per port; every port operation id maps to its handler. */
export function bindAdapters(adapters: readonly AnyAdapter[]): Bindings {
  const problems: string[] = [];
  const ports = new Set<AnyPort>();
  const handlers = new Map<string, Handler>();
  adapters.forEach((adapter, index) => {
    if (kindOf(adapter) !== "adapter") {
      problems.push(`adapters[${index}] must be an implementPort(...), got ${describeValue(adapter)}`);
      return;
    }
    if (ports.has(adapter.port)) {
      problems.push(`port "${adapter.port.id}" has more than one adapter (adapters[${index}]${adapter.name ? ` "${adapter.name}"` : ""})`);
      return;
    }
    ports.add(adapter.port);
    const byName = adapter.handlers as Readonly<Record<string, Handler>>;
    for (const [name, operation] of Object.entries(adapter.port.operations)) handlers.set(operation.id, byName[name] as Handler);
  });
  return { handlers, ports, problems };
}
