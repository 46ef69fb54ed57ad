// The contract every storage transaction keeps, whatever the database: the work commits as a
// whole, or it calls `rollback(error)` and nothing of it remains. A declared error (say, too
// little stock for the second line) is returned as an outcome, the shape adapters of ports
// with declared errors answer with; anything thrown rolls back too and propagates (a defect).

export type Committed<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Thrown by `rollback` to unwind the transaction; caught by the transaction helper. */
export class Rollback<E> extends Error {
  override readonly name = "Rollback";
  constructor(readonly error: E) {
    super("rolled back");
  }
}

/** Abandons the current unit of work with a declared error. */
export function rollback<E>(error: E): never {
  throw new Rollback(error);
}

/** Runs `work`; a `Rollback` becomes `{ ok: false, error }`, anything else propagates. */
export function settle<T, E>(work: () => T): Committed<T, E> {
  try {
    return { ok: true, value: work() };
  } catch (cause) {
    if (cause instanceof Rollback) return { ok: false, error: cause.error as E };
    throw cause;
  }
}
