import { rawHandlersOf, type AnyAdapter } from "../descriptors/adapter.js";
import { describeValue, kindOf } from "../descriptors/descriptor-kind.js";
import type { HandlerContext } from "../descriptors/port-operation.js";
import type { AnyPort } from "../descriptors/port.js";

export type Handler = (input: unknown, context: HandlerContext) => unknown;

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
  // An index loop, so a hole in the array is reported rather than skipped.
  for (let index = 0; index < adapters.length; index++) {
    const adapter = adapters[index];
    if (kindOf(adapter) !== "adapter" || adapter === undefined) {
      problems.push(`adapters[${index}] must be an implementPort(...), got ${describeValue(adapter)}`);
      continue;
    }
    if (ports.has(adapter.port)) {
      problems.push(`port "${adapter.port.id}" has more than one adapter (adapters[${index}]${adapter.name ? ` "${adapter.name}"` : ""})`);
      continue;
    }
    ports.add(adapter.port);
    const byName = rawHandlersOf(adapter);
    for (const [name, operation] of Object.entries(adapter.port.operations)) handlers.set(operation.id, byName[name] as Handler);
  }
  return { handlers, ports, problems };
}
