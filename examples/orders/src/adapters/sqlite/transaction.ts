import type { Database } from "better-sqlite3";
import { settle, type Committed } from "../unit-of-work.js";

/**
 * One SQLite transaction around `work`: it commits when `work` returns and rolls back when it
 * calls `rollback(error)` (returned as `{ ok: false, error }`) or throws (rethrown).
 * `IMMEDIATE` takes the write lock up front, so two writers queue instead of failing midway.
 * better-sqlite3 is synchronous, so no other request can interleave inside `work`.
 */
export function inTransaction<T, E>(db: Database, work: () => T): Committed<T, E> {
  return settle<T, E>(() => db.transaction(work).immediate());
}
