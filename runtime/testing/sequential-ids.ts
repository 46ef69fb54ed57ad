import { implementPort, type Adapter } from "../descriptors/adapter.js";
import { Ids } from "../ports/ids.js";

export type SequentialIds = Adapter<typeof Ids> & {
  /** Starts again from the first id. */
  reset(): void;
};

/** Ids "1", "2", "3", ... (with an optional prefix: `sequentialIds({ prefix: "ord_" })`). */
export function sequentialIds(options: { readonly prefix?: string; readonly start?: number } = {}): SequentialIds {
  const prefix = options.prefix ?? "";
  const start = options.start ?? 1;
  let next = start;
  const adapter = implementPort(Ids, { next: () => `${prefix}${next++}` }, { name: "sequential-ids" });
  return Object.freeze(Object.assign(Object.create(adapter) as Adapter<typeof Ids>, { reset: () => void (next = start) }));
}
