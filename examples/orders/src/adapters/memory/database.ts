// An in-memory database with the same transaction semantics as the SQLite one: tests and the
// application-level suite run against it, and test/stores.test.ts runs one contract suite
// against both so they cannot drift apart.
import type { Input } from "agentix";
import type { Customer } from "../../features/customers/contract.js";
import type { Order, OutboxMessage } from "../../features/orders/contract.js";
import type { Payment } from "../../features/payments/contract.js";
import type { Product } from "../../features/products/contract.js";
import { settle, type Committed } from "../unit-of-work.js";

export interface MemoryTables {
  readonly customers: Map<string, Input<typeof Customer>>;
  readonly products: Map<string, Input<typeof Product>>;
  readonly orders: Map<string, Input<typeof Order>>;
  readonly payments: Map<string, Input<typeof Payment>>;
  readonly outbox: Input<typeof OutboxMessage>[];
}

function emptyTables(): MemoryTables {
  return { customers: new Map(), products: new Map(), orders: new Map(), payments: new Map(), outbox: [] };
}

export class MemoryDatabase {
  #tables: MemoryTables = emptyTables();

  /** A deep copy of everything, for assertions. */
  snapshot(): MemoryTables {
    return structuredClone(this.#tables);
  }

  /** Reads without copying the whole database; the result is copied, so callers cannot alias rows. */
  read<T>(query: (tables: MemoryTables) => T): T {
    return structuredClone(query(this.#tables));
  }

  /**
   * Runs `work` on a draft copy and swaps it in only when the work completes, so a rollback or
   * an exception leaves nothing behind. Copying everything is fine at test sizes.
   */
  transaction<T, E>(work: (tables: MemoryTables) => T): Committed<T, E> {
    const draft = structuredClone(this.#tables);
    const result = settle<T, E>(() => work(draft));
    if (result.ok) this.#tables = draft;
    return result.ok ? { ok: true, value: structuredClone(result.value) } : result;
  }
}
